import { SimplePage } from '../../../components/ui/simple-page';

export default function CheckoutPage() {
  return (
    <SimplePage title="Checkout">
      <p>Enter your delivery details and pay securely by card in naira.</p>
    </SimplePage>
  );
}
