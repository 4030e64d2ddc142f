import { ACCOUNT_MESSAGES } from '@shop/shared';
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RequireAdmin, RequireAuth } from '../features/auth/guards';
import HomePage from '../features/home/routes/home';
import { lazyPage } from '../lib/lazy-page';
import { LegalLayout } from './layout/legal-layout';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';

// Home is in the first bundle (most visits start there); every other page is its own chunk.
const AboutPage = lazy(() => import('../features/about/routes/about'));
const ContactPage = lazy(() => import('../features/contact/routes/contact'));
// The catalogue's pages can be loaded before the first render (start-app.tsx): their HTML names their
// chunks, so the first paint is the page rather than its loading state (decision 016).
const ShopPage = lazyPage(() => import('../features/catalog/routes/shop'));
const SearchPage = lazy(() => import('../features/catalog/routes/search'));
const LoginPage = lazy(() => import('../features/auth/routes/login'));
const RegisterPage = lazy(() => import('../features/auth/routes/register'));
const ForgotPasswordPage = lazy(() => import('../features/auth/routes/forgot-password'));
const ResetPasswordPage = lazy(() => import('../features/auth/routes/reset-password'));
const VerifyEmailPage = lazy(() => import('../features/auth/routes/verify-email'));
const ProfilePage = lazy(() => import('../features/account/routes/profile'));
const DashboardPage = lazy(() => import('../features/account/routes/dashboard'));
// The admin area: its own chunks, never in a storefront bundle.
const AdminLayout = lazy(() => import('../features/admin/routes/admin-layout'));
const AdminDashboardPage = lazy(() => import('../features/admin/dashboard/routes/dashboard'));
const AdminUsersPage = lazy(() => import('../features/admin/users/routes/users'));
const AdminOrdersPage = lazy(() => import('../features/admin/orders/routes/orders'));
const AdminOrderPage = lazy(() => import('../features/admin/orders/routes/order'));
const AdminProductsPage = lazy(() => import('../features/admin/products/routes/products'));
const NewProductPage = lazy(() => import('../features/admin/products/routes/new-product'));
const AdminCategoriesPage = lazy(() => import('../features/admin/categories/routes/categories'));
const AdminNewsletterPage = lazy(() => import('../features/admin/newsletter/routes/newsletter'));
const AdminSettingsPage = lazy(() => import('../features/admin/settings/routes/settings'));
const EditProductPage = lazy(() => import('../features/admin/products/routes/edit-product'));
const OrdersPage = lazy(() => import('../features/orders/routes/orders'));
const OrderPage = lazy(() => import('../features/orders/routes/order'));
const OrderReceiptPage = lazy(() => import('../features/orders/routes/receipt'));
const AdminOrderReceiptPage = lazy(() => import('../features/admin/orders/routes/receipt'));
const CheckoutPage = lazy(() => import('../features/checkout/routes/checkout'));
const CategoriesPage = lazyPage(() => import('../features/catalog/routes/categories'));
const CategoryPage = lazyPage(() => import('../features/catalog/routes/category'));
const SubcategoryPage = lazyPage(() => import('../features/catalog/routes/subcategory'));
const ProductPage = lazyPage(() => import('../features/catalog/routes/product'));
const OrderSuccessPage = lazy(() => import('../features/checkout/routes/order-success'));
const OrderFailedPage = lazy(() => import('../features/checkout/routes/order-failed'));
const FaqPage = lazy(() => import('../features/marketing/routes/faq'));
const TermsOfServicePage = lazy(() => import('../features/marketing/routes/terms-of-service'));
const PrivacyPolicyPage = lazy(() => import('../features/marketing/routes/privacy-policy'));
const ShippingPolicyPage = lazy(() => import('../features/marketing/routes/shipping-policy'));
const RefundPolicyPage = lazy(() => import('../features/marketing/routes/refund-policy'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Pages fail inside the layout, so the header and footer stay usable.
        errorElement: <RouteError />,
        children: [
          { path: paths.home.path, element: <HomePage /> },
          { path: paths.about.path, element: <AboutPage /> },
          { path: paths.contact.path, element: <ContactPage /> },
          { path: paths.shop.path, element: <ShopPage /> },
          { path: paths.search.path, element: <SearchPage /> },

          // Account screens for guests.
          { path: paths.login.path, element: <LoginPage /> },
          { path: paths.register.path, element: <RegisterPage /> },
          { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
          { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
          // The emailed link: opened signed in or not, on any device.
          { path: paths.verifyEmail.path, element: <VerifyEmailPage /> },

          // Login-required group (SPEC.md §2): a guest goes to /login with 'Please login to
          // continue.' and comes back after; /admin and the edit page are for admins only
          // (others go to /dashboard); /checkout* use the checkout message.
          {
            element: <RequireAuth />,
            children: [
              { path: paths.profile.path, element: <ProfilePage /> },
              { path: paths.dashboard.path, element: <DashboardPage /> },
              { path: paths.orders.path, element: <OrdersPage /> },
              { path: paths.order.path, element: <OrderPage /> },
              { path: paths.orderReceipt.path, element: <OrderReceiptPage /> },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: paths.admin.path,
                    element: <AdminLayout />,
                    children: [
                      { index: true, element: <AdminDashboardPage /> },
                      { path: paths.adminUsers.path, element: <AdminUsersPage /> },
                      { path: paths.adminOrders.path, element: <AdminOrdersPage /> },
                      { path: paths.adminOrder.path, element: <AdminOrderPage /> },
                      { path: paths.adminProducts.path, element: <AdminProductsPage /> },
                      { path: paths.adminNewProduct.path, element: <NewProductPage /> },
                      { path: paths.adminCategories.path, element: <AdminCategoriesPage /> },
                      { path: paths.adminNewsletter.path, element: <AdminNewsletterPage /> },
                      { path: paths.adminSettings.path, element: <AdminSettingsPage /> },
                    ],
                  },
                  { path: paths.editProduct.path, element: <EditProductPage /> },
                  // Outside the admin layout: a receipt is printed without the admin's tabs.
                  { path: paths.adminOrderReceipt.path, element: <AdminOrderReceiptPage /> },
                ],
              },
            ],
          },
          {
            element: <RequireAuth message={ACCOUNT_MESSAGES.loginRequiredForCheckout} />,
            children: [
              { path: paths.checkout.path, element: <CheckoutPage /> },
              { path: paths.checkoutSuccess.path, element: <OrderSuccessPage /> },
            ],
          },

          // Catalogue.
          { path: paths.categories.path, element: <CategoriesPage /> },
          { path: paths.category.path, element: <CategoryPage /> },
          { path: paths.subcategory.path, element: <SubcategoryPage /> },
          { path: paths.product.path, element: <ProductPage /> },

          // After payment.
          { path: paths.orderSuccess.path, element: <OrderSuccessPage /> },
          { path: paths.orderFailed.path, element: <OrderFailedPage /> },

          {
            element: <LegalLayout />,
            children: [
              { path: paths.faq.path, element: <FaqPage /> },
              { path: paths.termsOfService.path, element: <TermsOfServicePage /> },
              { path: paths.privacyPolicy.path, element: <PrivacyPolicyPage /> },
              { path: paths.shippingPolicy.path, element: <ShippingPolicyPage /> },
              { path: paths.refundPolicy.path, element: <RefundPolicyPage /> },
            ],
          },

          { path: '*', element: <Navigate to={paths.home.href()} replace /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
