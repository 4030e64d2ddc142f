// The test gateway's hosted page (authorization_url): opens the card form for its transaction
// and, once paid, goes back to the shop's callback_url as Paystack does.
(() => {
  const status = document.getElementById('checkout-status');
  const accessCode = document.body.dataset.accessCode;
  const base = new URL('.', document.currentScript.src).href;
  fetch(`${base}checkout/transaction/${encodeURIComponent(accessCode)}`)
    .then((response) => response.json())
    .then((answer) => {
      const callbackUrl = answer.data?.callbackUrl;
      new window.PaystackPop().resumeTransaction(accessCode, {
        onSuccess(transaction) {
          status.textContent = 'Payment successful.';
          if (callbackUrl) {
            const url = new URL(callbackUrl);
            url.searchParams.set('trxref', transaction.reference);
            url.searchParams.set('reference', transaction.reference);
            window.location.assign(url.href);
          }
        },
        onCancel() {
          status.textContent = 'Payment cancelled. You can close this page.';
        },
        onError(error) {
          status.textContent = error.message;
        },
      });
    })
    .catch(() => {
      status.textContent = 'The payment page could not load. Please try again.';
    });
})();
