import { SimplePage } from '../../../components/ui/simple-page';

export default function CheckoutSuccessPage() {
  return (
    <SimplePage title="Order Placed">
      <p>Thank you for your order. We will let you know when it is on its way.</p>
    </SimplePage>
  );
}
