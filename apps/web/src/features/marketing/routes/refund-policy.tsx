import { PolicyPage } from '../components/policy-page';

export default function RefundPolicyPage() {
  return (
    <PolicyPage title="Refund Policy">
      <h2>Returns</h2>
      <p>
        You can return unused items within 7 days of delivery. Please contact us first so we can tell you where to send
        them. Return shipping is paid by the customer.
      </p>
      <h2>Damaged or wrong items</h2>
      <p>Report any damage or a wrong item within 48 hours of delivery, with a photo if you can.</p>
      <h2>Refunds</h2>
      <p>Once we receive and check the return, your refund is paid to your card within 5-7 business days.</p>
    </PolicyPage>
  );
}
