// What other features may use of orders; everything else in the folder is its own.
export { getOrder, orderQueryKey } from './api/get-order';
export { transferProofUrl } from './api/upload-transfer-proof';
export {
  deliveryFeeText,
  OrderCard,
  OrderFacts,
  OrderItemsList,
  orderCardClasses,
  shippingAddressLine,
} from './components/order-detail-cards';
export { PayOnDeliverySteps } from './components/pay-on-delivery-steps';
export { ReceiptLink } from './components/receipt-link';
export { ReceiptPage } from './components/receipt-page';
export { TransferProofStatus } from './components/transfer-proof-upload';
