import { useParams } from 'react-router';
import { SimplePage } from '../../../../components/ui/simple-page';

export default function EditProductPage() {
  const { productId = '' } = useParams();
  return (
    <SimplePage title="Edit Product">
      <p>Change the details, price, stock and images of product {productId}.</p>
    </SimplePage>
  );
}
