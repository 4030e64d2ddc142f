import { CATALOG_MESSAGES } from '@shop/shared';
import { Navigate } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { SavedDataNotice } from '../../saved-catalogue';
import { useCategories } from '../api/get-categories';

/** /categories opens the first category's page (SPEC.md §2). */
export default function CategoriesPage() {
  usePageTitle('Categories');
  const categories = useCategories();
  return (
    <PageContainer>
      <PageHeading>Categories</PageHeading>
      <SavedDataNotice className="mt-6" />
      <div className="mt-6">
        <QueryState
          query={categories}
          loadingLabel="Loading categories…"
          failedMessage={CATALOG_MESSAGES.loadCategoriesFailed}
          isEmpty={(list) => list.length === 0}
          emptyMessage="No categories yet."
        >
          {([first]) => first && <Navigate to={paths.category.href(first.id)} replace />}
        </QueryState>
      </div>
    </PageContainer>
  );
}
