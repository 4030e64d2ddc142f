import { SimplePage } from '../../../components/ui/simple-page';

export default function OrdersPage() {
  return (
    <SimplePage title="My Orders">
      <p>Every order you have placed with us, newest first.</p>
    </SimplePage>
  );
}
