export * from './accounts';
export * from './catalog';
export * from './constants';
export * from './error-codes';
export * from './errors';
export * from './money';
export * from './newsletter';
