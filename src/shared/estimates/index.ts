export * from './duration-model';
export * from './estimate';
export * from './format';
export * from './quantiles';
export * from './job-end-text';
export * from './open-job';
