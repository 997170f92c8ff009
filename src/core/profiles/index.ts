export * from './schema';
export * from './errors';
export * from './builtin';
export * from './config-dir';
export * from './settings-store';
export * from './profiles';
export * from './connection';
