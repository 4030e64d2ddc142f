export * from './accounts';
export * from './catalog';
export * from './messaging';
export * from './orders';
export * from './transfer-proofs';
