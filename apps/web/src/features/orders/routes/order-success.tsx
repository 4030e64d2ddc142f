import { SimplePage } from '../../../components/ui/simple-page';

export default function OrderSuccessPage() {
  return (
    <SimplePage title="Payment Successful">
      <p>Thank you! Your payment was received and your order is being prepared.</p>
    </SimplePage>
  );
}
