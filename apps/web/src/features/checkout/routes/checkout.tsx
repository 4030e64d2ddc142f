import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DeliveryMethod,
  formatNaira,
  hundredthsToUnits,
  isDeliveryMethodAvailable,
  ORDER_MESSAGES as M,
  type Order,
  type Product,
  SHIPPING_COUNTRIES,
  type ShippingDetails,
  shippingDetailsSchema,
  type User,
} from '@shop/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { type ComponentProps, type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ErrorSummary, FormMessage } from '../../../components/ui/form-message';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { messageFor } from '../../../lib/error-message';
import { paymentDeadline } from '../../../lib/order-labels';
import { usePageTitle } from '../../../lib/use-page-title';
import { updateProfile } from '../../account';
import { ResendVerification, sessionQueryKey, useSession } from '../../auth';
import { type CartLine, cartStore, updateLine, useCart } from '../../cart';
import { getOrder, orderQueryKey } from '../../orders';
import {
  BankTransferDetails,
  forgetPendingOrder,
  PayOnDeliveryNextSteps,
  payOnDeliveryQueryKey,
  readPendingOrder,
  rememberPendingOrder,
  TestPaymentsBanner,
  usePayOrder,
} from '../../payments';
import { createOrder } from '../api/create-order';
import { checkoutTotals, defaultDeliveryMethod, orderItemsOf } from '../checkout-totals';
import { DeliveryMethodOptions } from '../components/delivery-method-options';
import { NigerianAddressFields } from '../components/nigerian-address-fields';
import { OrderSummary } from '../components/order-summary';
import { type OfferedPaymentMethod, PaymentMethodOptions } from '../components/payment-method-options';
import { usePayOnDeliveryOffer } from '../use-pay-on-delivery-offer';

type Notice = {
  kind: 'error' | 'info';
  text: string;
  errors?: Record<string, string>;
  /** What changed in the cart, one sentence each (new prices, lowered quantities). */
  changes?: string[];
  /** The server's word on a line's quantity (400 `items.N.quantity`), by product id, for the quantity sent. */
  lineProblems?: Record<string, { hundredths: number; message: string }>;
  /** The remedy is in My Orders (paying for or cancelling an unpaid order): link it. */
  toMyOrders?: boolean;
  /** Pay on delivery was refused for an unverified email: offer a new verification link. */
  toVerifyEmail?: boolean;
};

const FIELDS: {
  name: Exclude<keyof ShippingDetails, 'country'>;
  label: string;
  autoComplete: string;
  type?: string;
}[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'phoneNumber', label: 'Phone number', autoComplete: 'tel', type: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'Zip code', autoComplete: 'postal-code' },
];
const FIELD_NAMES = new Set<string>([...FIELDS.map((field) => field.name), 'area', 'country']);

const shippingFrom = (user: User | null): ShippingDetails => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  phoneNumber: user?.phoneNumber ?? '',
  address: user?.address ?? '',
  city: '',
  state: '',
  area: '',
  zipCode: '',
  country: 'Nigeria',
});

export default function CheckoutPage() {
  usePageTitle('Checkout');
  // A card order this tab created and has not paid yet: a reload shows it again, never a new one.
  const [pendingId] = useState(() => readPendingOrder()?.id);
  const [created, setCreated] = useState<Order>();
  const [dismissed, setDismissed] = useState(false);
  const pending = useQuery({
    queryKey: orderQueryKey(pendingId ?? ''),
    queryFn: () => getOrder(pendingId ?? ''),
    enabled: Boolean(pendingId) && !created,
    retry: false,
  });
  const resumable =
    pending.data?.paymentStatus === 'UNPAID' && pending.data.status === 'PENDING' ? pending.data : undefined;
  useEffect(() => {
    // Paid meanwhile, cancelled, expired or gone: nothing to resume.
    if (pendingId && (pending.isError || (pending.data && !resumable))) forgetPendingOrder();
  }, [pendingId, pending.isError, pending.data, resumable]);

  const order = created ?? (dismissed ? undefined : resumable);
  const startOver = () => {
    setCreated(undefined);
    setDismissed(true);
  };
  let body: ReactNode;
  if (order) body = <OrderCreated order={order} onNewOrder={startOver} />;
  else if (pendingId && !dismissed && pending.isPending) body = <Spinner label="Loading your order…" />;
  else body = <CheckoutForm onCreated={setCreated} />;

  return (
    <PageContainer>
      <TestPaymentsBanner />
      <PageHeading>Checkout</PageHeading>
      <div className="mt-8">{body}</div>
    </PageContainer>
  );
}

function CheckoutForm({ onCreated }: { onCreated: (order: Order) => void }) {
  const { user, setUser } = useSession();
  const queryClient = useQueryClient();
  const { items } = useCart();
  const [paymentMethod, setPaymentMethod] = useState<OfferedPaymentMethod>('card');
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod>(() =>
    defaultDeliveryMethod(checkoutTotals(items, 'PICKUP').subtotalKobo),
  );
  const [notice, setNotice] = useState<Notice>();
  const sending = useRef(false);
  const totals = checkoutTotals(items, deliveryMethod);

  // The cart changed under the form (a price update, a line removed): Standard may no longer apply.
  useEffect(() => {
    if (!isDeliveryMethodAvailable(deliveryMethod, totals.subtotalKobo)) setDeliveryMethod('REGULAR');
  }, [deliveryMethod, totals.subtotalKobo]);

  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ShippingDetails>({
    resolver: zodResolver(shippingDetailsSchema),
    defaultValues: shippingFrom(user),
  });
  // Pay on delivery follows the address and total as they are typed (Lagos, the cap, one open order).
  const podOffer = usePayOnDeliveryOffer({
    emailVerified: user?.emailVerified === true,
    country: watch('country'),
    state: watch('state'),
    totalKobo: Math.round(totals.total * 100),
  });
  useEffect(() => {
    if (paymentMethod === 'payOnDelivery' && !podOffer?.offered) setPaymentMethod('card');
  }, [paymentMethod, podOffer?.offered]);

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-linen-100 p-10 text-center dark:bg-stone-900">
        <ShoppingBag aria-hidden="true" className="size-12 text-wine-700 dark:text-wine-300" />
        <p className="text-lg">{M.itemsRequired}</p>
        <Link to={paths.shop.href()} className={buttonClasses('primary')}>
          Start Shopping
        </Link>
      </div>
    );
  }

  const onSubmit = handleSubmit(async (shipping) => {
    // NOTE: the button is disabled while sending; this also stops a double submit that lands
    // before React re-renders it.
    if (sending.current) return;
    sending.current = true;
    setNotice(undefined);
    // The lines as sent: a 400's `items.N` indexes them.
    const lines = cartStore.getLines();
    try {
      // SPEC.md §4: the phone number and address are saved to the profile first.
      try {
        const { user: updated } = await updateProfile({ phoneNumber: shipping.phoneNumber, address: shipping.address });
        setUser(updated);
      } catch (failure) {
        // The API client ended the session; the guard takes over.
        if (failure instanceof ApiError && failure.code === 'UNAUTHENTICATED') return;
        // The order matters more than the profile: go on without saving it.
        console.info('Could not save the phone number and address to the profile.', failure);
      }
      const { order } = await createOrder({
        shippingDetails: shipping,
        paymentDetails: { method: paymentMethod, transactionId: null },
        deliveryMethod,
        // Each quantity in the unit (2.5), each price the unit price this quantity pays (after a break).
        items: orderItemsOf(lines),
      });
      queryClient.invalidateQueries({ queryKey: ['orders'] });
      if (order.paymentMethod === 'payOnDelivery') queryClient.invalidateQueries({ queryKey: payOnDeliveryQueryKey });
      if (order.paymentMethod === 'card') rememberPendingOrder(order);
      // A bank transfer order is placed: what is left is paying it, outside the shop.
      else cartStore.clear();
      onCreated(order);
    } catch (failure) {
      const next = noticeForCreateFailure(failure, setError, lines);
      if (failure instanceof ApiError && failure.code === 'PAY_ON_DELIVERY_UNAVAILABLE') {
        queryClient.invalidateQueries({ queryKey: payOnDeliveryQueryKey });
        // The address's state as the server knows it (verified or not) for the live rule.
        if (failure.detail('reason') === 'unverified-email')
          queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
      setNotice(next);
    } finally {
      sending.current = false;
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-8 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-8">
        {notice &&
          (notice.kind === 'error' ? (
            <ErrorSummary
              message={notice.text}
              errors={notice.errors}
              action={
                notice.toMyOrders ? (
                  <Link to={paths.orders.href()} className="font-semibold underline">
                    My Orders
                  </Link>
                ) : (
                  notice.toVerifyEmail && <ResendVerification />
                )
              }
            />
          ) : notice.changes && notice.changes.length > 0 ? (
            <div
              role="status"
              className="rounded-lg border border-gold-300 bg-gold-100 px-4 py-3 text-sm text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
            >
              <p>{notice.text}</p>
              <ul className="mt-2 list-disc pl-5" data-testid="checkout-cart-changes">
                {notice.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </div>
          ) : (
            <FormMessage kind="info">{notice.text}</FormMessage>
          ))}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-lg font-semibold">Shipping details</legend>
          {FIELDS.map((field) =>
            field.name === 'state' ? (
              <NigerianAddressFields key={field.name} control={control} register={register} errors={errors} />
            ) : (
              <TextField
                key={field.name}
                label={field.label}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                className={field.name === 'address' ? 'sm:col-span-2' : undefined}
                error={errors[field.name]?.message}
                {...register(field.name)}
              />
            ),
          )}
          <CountrySelect error={errors.country?.message} {...register('country')} />
        </fieldset>
        <DeliveryMethodOptions value={deliveryMethod} subtotalKobo={totals.subtotalKobo} onChange={setDeliveryMethod} />
        <PaymentMethodOptions value={paymentMethod} onChange={setPaymentMethod} payOnDelivery={podOffer} />
      </div>
      <div>
        <OrderSummary lines={items} totals={totals} lineProblems={currentLineProblems(items, notice)}>
          <SubmitButton pending={isSubmitting} pendingLabel="Placing your order…" className="mt-6 w-full">
            Place Order
          </SubmitButton>
        </OrderSummary>
      </div>
    </form>
  );
}

/**
 * What the customer is told when the order was refused, decided by the error's code: new
 * prices go into the cart (the form is kept), a short stock lowers the line, field errors go
 * to their fields.
 */
function noticeForCreateFailure(
  failure: unknown,
  setError: UseFormSetError<ShippingDetails>,
  sent: readonly CartLine[],
): Notice {
  if (!(failure instanceof ApiError)) return { kind: 'error', text: M.createFailed };
  switch (failure.code) {
    case 'PRICE_CHANGED': {
      // Each entry carries the product's price, breaks, terms and stock (API.md): the cart takes
      // them all, so what it shows next is what the server will charge, and says what changed.
      const entries = new Map((failure.detail<PriceChange[]>('prices') ?? []).map((entry) => [entry.productId, entry]));
      const changes: string[] = [];
      let quantityChanged = false;
      const next: CartLine[] = [];
      for (const line of cartStore.getLines()) {
        const entry = entries.get(line.productId);
        if (!entry) {
          next.push(line);
          continue;
        }
        const update = updateLine(line, productFromChange(line, entry));
        changes.push(...update.changes);
        if (update.next?.hundredths !== line.hundredths) quantityChanged = true;
        if (update.next) next.push(update.next);
      }
      cartStore.replace(next);
      return { kind: 'info', text: quantityChanged ? M.cartChanged : M.priceChanged, changes };
    }
    case 'OUT_OF_STOCK': {
      const productId = failure.detail<string>('productId');
      const available = failure.detail<number>('available') ?? 0;
      const next: CartLine[] = [];
      for (const line of cartStore.getLines()) {
        if (line.productId !== productId) {
          next.push(line);
          continue;
        }
        // `available` is in the product's unit (12.5 yards): the line keeps what is left, or goes.
        const update = updateLine(line, { ...line, stock: available });
        if (update.next) next.push(update.next);
      }
      cartStore.replace(next);
      return { kind: 'error', text: failure.message };
    }
    case 'INVALID_INPUT': {
      const fieldErrors: Record<string, string> = {};
      const lineProblems: NonNullable<Notice['lineProblems']> = {};
      for (const [key, message] of Object.entries(failure.errors ?? {})) {
        // `items.N.quantity`: the quantity of the Nth line sent is not one the product allows.
        const item = /^items\.(\d+)\.quantity$/.exec(key);
        const line = item ? sent[Number(item[1])] : undefined;
        if (line) {
          lineProblems[line.productId] = { hundredths: line.hundredths, message };
          fieldErrors[key] = `${line.name}: ${message}`;
          continue;
        }
        const field = key.split('.').at(-1) ?? key;
        if (FIELD_NAMES.has(field)) {
          setError(field as keyof ShippingDetails, { message });
          fieldErrors[field] = message;
        }
      }
      return { kind: 'error', text: failure.message, errors: fieldErrors, lineProblems };
    }
    // The customer's unpaid orders hold as much as one customer may, or they placed many orders
    // lately: the form and the cart stay as they are, and My Orders is where an unpaid order is
    // paid for or cancelled. The server's message says which limit, as a whole sentence.
    // Pay on delivery is not offered for this address, total or customer: the form stays, the
    // reason is said, and an open pay-on-delivery order is in My Orders.
    case 'PAY_ON_DELIVERY_UNAVAILABLE':
      return {
        kind: 'error',
        text: failure.message,
        toMyOrders: failure.detail('reason') === 'open-order',
        toVerifyEmail: failure.detail('reason') === 'unverified-email',
      };
    // Transfers and pay on delivery already hold as much of a product as they may: the card
    // still works, so the message says so and My Orders has nothing to do with it.
    case 'HOLD_LIMIT_REACHED':
      if (failure.detail('limit') === 'longHolds') return { kind: 'error', text: failure.message };
      return {
        kind: 'error',
        text: messageFor(failure, { fallback: M.createFailed, network: M.createFailed }),
        toMyOrders: true,
      };
    case 'TOO_MANY_REQUESTS':
      return {
        kind: 'error',
        text: messageFor(failure, {
          fallback: failure.code === 'TOO_MANY_REQUESTS' ? M.tooManyOrders : M.createFailed,
          network: M.createFailed,
        }),
        toMyOrders: true,
      };
    default:
      return { kind: 'error', text: messageFor(failure, { fallback: M.createFailed, network: M.createFailed }) };
  }
}

/** One entry of a 409 PRICE_CHANGED's `prices`: the product's price, and how it is sold now. */
type PriceChange = { productId: string; price: number } & Partial<
  Pick<Product, 'priceBreaks' | 'unit' | 'step' | 'minQuantity' | 'packSize' | 'packItemName' | 'stock'>
>;

/** The product as a PRICE_CHANGED entry gives it; what an entry leaves out stays as the line has it. */
function productFromChange(line: CartLine, entry: PriceChange) {
  return {
    unit: entry.unit ?? line.unit,
    step: entry.step ?? line.step,
    minQuantity: entry.minQuantity ?? line.minQuantity,
    packSize: entry.packSize === undefined ? line.packSize : entry.packSize,
    packItemName: entry.packItemName === undefined ? line.packItemName : entry.packItemName,
    priceBreaks: entry.priceBreaks ?? line.priceBreaks,
    stock: entry.stock ?? hundredthsToUnits(line.stockHundredths),
    price: entry.price,
  };
}

/** The server's word on each line's quantity, while the line still has the quantity it was said of. */
function currentLineProblems(lines: readonly CartLine[], notice: Notice | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const line of lines) {
    const problem = notice?.lineProblems?.[line.productId];
    if (problem && problem.hundredths === line.hundredths) problems[line.productId] = problem.message;
  }
  return problems;
}

function CountrySelect({
  error,
  ...props
}: ComponentProps<'select'> & { error?: string; ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800 dark:text-stone-200">
        Country
      </label>
      <select
        id={id}
        autoComplete="country-name"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 shadow-sm focus:border-wine-700 focus:outline-none focus:ring-2 focus:ring-wine-700/30 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100"
        {...props}
      >
        {SHIPPING_COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {country}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** SPEC.md §4 step 2: 'Order Created Successfully', the number, and the way to pay. */
function OrderCreated({ order, onNewOrder }: { order: Order; onNewOrder: () => void }) {
  const { pay, pending, error } = usePayOrder();
  const isCard = order.paymentMethod === 'card';
  return (
    <section
      aria-labelledby="order-created-heading"
      className="mx-auto max-w-2xl space-y-6 rounded-2xl border border-linen-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <div role="status">
        <h2 id="order-created-heading" className="text-2xl font-semibold text-green-800 dark:text-green-300">
          {M.orderCreated}
        </h2>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-stone-600 dark:text-stone-400">Order number</dt>
        <dd className="font-semibold" data-testid="order-number">
          {order.orderNumber}
        </dd>
        <dt className="text-stone-600 dark:text-stone-400">Total</dt>
        <dd className="font-semibold">{formatNaira(order.totalAmount)}</dd>
      </dl>
      {isCard ? (
        <>
          {error && <FormMessage kind="error">{error}</FormMessage>}
          <div className="flex flex-wrap gap-3">
            <Button disabled={pending} onClick={() => pay(order, { clearCart: true })}>
              {pending ? 'Payment in progress…' : 'Pay Now'}
            </Button>
            <Button
              variant="ghost"
              disabled={pending}
              onClick={() => {
                forgetPendingOrder();
                onNewOrder();
              }}
            >
              Change order details
            </Button>
          </div>
          <KeptUntil deadline={paymentDeadline(order)} />
        </>
      ) : order.paymentMethod === 'payOnDelivery' ? (
        <PayOnDeliveryNextSteps amount={order.totalAmount} deadline={paymentDeadline(order)} />
      ) : (
        <BankTransferDetails
          orderNumber={order.orderNumber}
          amount={order.totalAmount}
          deadline={paymentDeadline(order)}
        />
      )}
      <Link
        to={paths.order.href(order.id)}
        className="inline-block text-sm font-medium text-wine-700 underline dark:text-wine-300"
      >
        View order
      </Link>
    </section>
  );
}

/** How long the order keeps its items: its deadline when the shop sent one (it also holds if paying fails). */
function KeptUntil({ deadline }: { deadline?: { iso: string; text: string } }) {
  return (
    <p className="text-sm text-stone-600 dark:text-stone-400">
      {deadline ? (
        <>
          Your items are kept for you until <time dateTime={deadline.iso}>{deadline.text}</time>. An unpaid order is
          cancelled then.
        </>
      ) : (
        'Your items are kept for you while you pay. An unpaid order is cancelled after a while.'
      )}
    </p>
  );
}
