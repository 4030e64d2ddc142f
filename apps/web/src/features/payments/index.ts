// What other features may use of payments; everything else in the folder is its own.
export { payOnDeliveryQueryKey, usePayOnDeliveryEligibility } from './api/get-pay-on-delivery';
export { paymentConfigQuery, usePaymentConfig } from './api/get-payment-config';
export { BankTransferDetails } from './components/bank-transfer-details';
export { PayOnDeliveryNextSteps } from './components/pay-on-delivery-next-steps';
export { PaymentChannel } from './components/payment-channel';
export { TestPaymentsBanner } from './components/test-payments-banner';
export type { PaymentFailure, PaymentSuccess } from './payment-outcome';
export { forgetPendingOrder, readPendingOrder, rememberPendingOrder } from './pending-order';
export { usePayOrder } from './use-pay-order';
