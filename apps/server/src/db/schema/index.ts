export * from './accounts';
export * from './catalog';
export * from './messaging';
export * from './orders';
export * from './settings';
export * from './transfer-proofs';
