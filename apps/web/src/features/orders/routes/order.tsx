import { useParams } from 'react-router';
import { SimplePage } from '../../../components/ui/simple-page';

export default function OrderPage() {
  const { orderId = '' } = useParams();
  return (
    <SimplePage title="Order Details">
      <p>Shipping, payment and items for order {orderId}.</p>
    </SimplePage>
  );
}
