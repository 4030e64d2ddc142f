// The page lives with its feature (features/auth); the router lazy-loads it from here.
export { default } from '../../features/auth/routes/register';
