// What other features may use of auth; everything else in the folder is its own.
export { sessionQueryKey } from './api/get-session';
export { ResendVerification } from './components/resend-verification';
export { useSession } from './session';
export { useLogoutToHome } from './use-logout-to-home';
