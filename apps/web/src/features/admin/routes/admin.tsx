import { SimplePage } from '../../../components/ui/simple-page';

export default function AdminPage() {
  return (
    <SimplePage title="Admin">
      <p>Manage users, orders, products and newsletter subscribers.</p>
    </SimplePage>
  );
}
