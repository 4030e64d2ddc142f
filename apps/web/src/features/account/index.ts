// What other features may use of account; everything else in the folder is its own.
export { useMyOrders } from './api/get-my-orders';
export { updateProfile } from './api/update-profile';
