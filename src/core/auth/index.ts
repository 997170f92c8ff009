export * from './secret-store';
export * from './memory-secret-store';
export * from './keytar-secret-store';
export * from './file-secret-store';
export * from './assertion';
export * from './stored-session';
export * from './errors';
export * from './session';
