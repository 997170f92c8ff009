export * from './schema';
export * from './read-bundle';
export * from './view';
