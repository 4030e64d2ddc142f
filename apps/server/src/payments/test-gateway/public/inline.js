// PaystackPop for the test gateway (written next).
