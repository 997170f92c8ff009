export * from './duration-model';
export * from './estimate';
export * from './format';
export * from './quantiles';
