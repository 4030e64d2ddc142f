import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { toast } from '../../../../components/ui/toaster';
import { paths } from '../../../../config/paths';
import { usePageTitle } from '../../../../lib/use-page-title';
import { invalidateCatalogue } from '../../catalogue-cache';
import { useAdminCategories } from '../../categories/api/get-admin-categories';
import { AdminError } from '../../components/admin-error';
import { createProduct } from '../api/create-product';
import { ProductForm } from '../components/product-form';
import { createProductFormData, EMPTY_PRODUCT_FORM } from '../product-form-data';

/** Manage Products › Add product: the product form, empty; saved, back to the table. */
export default function NewProductPage() {
  usePageTitle('New Product');
  const categories = useAdminCategories();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return (
    <section aria-labelledby="admin-tab-heading" className="max-w-3xl">
      <h2 id="admin-tab-heading" className="text-2xl font-semibold">
        New Product
      </h2>
      <div className="mt-6">
        {categories.isPending ? (
          <Spinner label="Loading categories…" />
        ) : categories.isError ? (
          <AdminError error={categories.error} />
        ) : (
          <ProductForm
            mode="create"
            categories={categories.data}
            defaultValues={EMPTY_PRODUCT_FORM}
            onSave={async (values, images) => {
              const { message } = await createProduct(createProductFormData(values, images));
              toast.success(message);
              // Back to the table, which asks again as it opens; the storefront's answers are refreshed too.
              navigate(paths.adminProducts.href());
              void invalidateCatalogue(queryClient);
            }}
            actions={
              <Link to={paths.adminProducts.href()} className={buttonClasses('ghost')}>
                Cancel
              </Link>
            }
          />
        )}
      </div>
    </section>
  );
}
