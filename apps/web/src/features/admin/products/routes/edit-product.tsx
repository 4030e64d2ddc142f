import type { Product } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { PageContainer } from '../../../../components/ui/page-container';
import { PageHeading } from '../../../../components/ui/page-heading';
import { Spinner } from '../../../../components/ui/spinner';
import { toast } from '../../../../components/ui/toaster';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { usePageTitle } from '../../../../lib/use-page-title';
import { invalidateCatalogue } from '../../catalogue-cache';
import { useAdminCategories } from '../../categories/api/get-admin-categories';
import { AdminError } from '../../components/admin-error';
import { deleteProduct } from '../api/delete-product';
import { useProductForEdit } from '../api/get-product-for-edit';
import { updateProduct } from '../api/update-product';
import { ProductForm } from '../components/product-form';
import { type ProductImageItem, productFormValuesOf, updateProductFormData } from '../product-form-data';

/** /products/:productId/edit (admins only): the product form filled in, and Delete. */
export default function EditProductPage() {
  usePageTitle('Edit Product');
  const { productId = '' } = useParams();
  const product = useProductForEdit(productId);
  const categories = useAdminCategories();

  let body: ReactNode;
  if (product.isPending || categories.isPending) body = <Spinner label="Loading the product…" />;
  else if (product.isError && product.error instanceof ApiError && product.error.status === 404)
    body = <p className="text-lg font-semibold">Product Not Found</p>;
  else if (product.isError) body = <AdminError error={product.error} />;
  else if (categories.isError) body = <AdminError error={categories.error} />;
  else body = <EditProductForm key={product.data.id} product={product.data} categories={categories.data} />;

  return (
    <PageContainer>
      <Link
        to={paths.adminProducts.href()}
        className="text-sm font-medium text-wine-800 underline-offset-4 hover:underline dark:text-wine-200"
      >
        ← Manage Products
      </Link>
      <PageHeading>Edit Product</PageHeading>
      <div className="mt-6 max-w-3xl">{body}</div>
    </PageContainer>
  );
}

function EditProductForm({
  product,
  categories,
}: {
  product: Product;
  categories: NonNullable<ReturnType<typeof useAdminCategories>['data']>;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<unknown>();
  const initialImages: ProductImageItem[] = product.images.map((url, index) => ({
    kind: 'existing',
    key: `existing-${index}-${url}`,
    url,
  }));

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      const { message } = await deleteProduct(product.id);
      toast.success(message);
      setConfirming(false);
      // Leave first: this page's own product query must not be asked again (a deleted one is a 404).
      navigate(paths.adminProducts.href());
      void invalidateCatalogue(queryClient);
    } catch (error) {
      setConfirming(false);
      setDeleteFailure(error);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <ProductForm
        mode="edit"
        categories={categories}
        defaultValues={productFormValuesOf(product)}
        initialImages={initialImages}
        onSave={async (values, images) => {
          const { message } = await updateProduct(product.id, updateProductFormData(values, images));
          toast.success(message);
          // Leave first: this page's own product query must not be asked again (a deleted one is a 404).
          navigate(paths.adminProducts.href());
          void invalidateCatalogue(queryClient);
        }}
        actions={
          <>
            <Link to={paths.adminProducts.href()} className={buttonClasses('ghost')}>
              Cancel
            </Link>
            <Button
              variant="dangerOutline"
              className="ml-auto"
              onClick={() => {
                setDeleteFailure(undefined);
                setConfirming(true);
              }}
            >
              Delete product
            </Button>
          </>
        }
      />
      {deleteFailure !== undefined && (
        <div className="mt-4">
          <AdminError error={deleteFailure} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this product?"
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      >
        {product.name} leaves the shop at once. Orders that include it keep their copy.
      </ConfirmDialog>
    </>
  );
}
