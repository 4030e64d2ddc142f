export * from './accounts';
export * from './catalog';
export * from './mail-consent';
export * from './messaging';
export * from './orders';
export * from './settings';
export * from './stock-alerts';
export * from './transfer-proofs';
