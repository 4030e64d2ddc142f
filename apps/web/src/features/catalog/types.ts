// Catalogue shapes from API.md. NOTE: local until @shop/shared exports the API types;
// then these become re-exports.

export type Subcategory = {
  id: string;
  name: string;
  slug: string;
  description: string;
  categoryId: string;
};

export type Category = {
  id: string;
  name: string;
  slug: string;
  description: string;
  subcategories: Subcategory[];
};

export type SubcategoryWithCategory = Subcategory & {
  category: Pick<Category, 'id' | 'name' | 'slug'>;
};

export type ProductSpecification = { name: string; value: string };

export type Product = {
  id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  stock: number;
  images: string[];
  specifications: ProductSpecification[];
  subcategoryId: string;
  subcategory: {
    id: string;
    name: string;
    slug: string;
    categoryId: string;
    category: { id: string; name: string; slug: string };
  };
  isHotBuy: boolean;
  isNewlyAdded: boolean;
  createdAt: string;
  updatedAt: string;
};

export type ProductPage = {
  products: Product[];
  page: number;
  pageSize: number;
  total: number;
};

export const PRODUCT_PAGE_SIZE = 24;
