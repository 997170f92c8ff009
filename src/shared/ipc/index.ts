export * from './contract';
export * from './schemas';
export * from './errors';
