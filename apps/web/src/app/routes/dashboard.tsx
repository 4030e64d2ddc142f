// The page lives with its feature (features/account); the router lazy-loads it from here.
export { default } from '../../features/account/routes/dashboard';
