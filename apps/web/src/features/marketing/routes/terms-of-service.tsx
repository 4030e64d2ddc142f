import { PolicyPage } from '../components/policy-page';

export default function TermsOfServicePage() {
  return (
    <PolicyPage title="Terms of Service">
      <p>By using Stitch &amp; Trim Supplies and placing an order you agree to these terms.</p>
      <h2>Who can buy</h2>
      <p>You must be 18 or over to place an order.</p>
      <h2>Prices and payment</h2>
      <p>
        Prices are in naira and include the product only; the delivery fee is shown at checkout. An order is confirmed
        once your card payment has been verified with our payment provider.
      </p>
      <h2>Stock</h2>
      <p>
        Items are reserved for you when you place an order. If an item runs out before you pay, we will tell you at
        checkout.
      </p>
      <h2>Delivery and returns</h2>
      <p>Delivery is within Lagos, Monday to Saturday. Returns and refunds follow our Shipping and Refund policies.</p>
    </PolicyPage>
  );
}
