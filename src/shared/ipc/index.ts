export * from './contract';
export * from './schemas';
export * from './errors';
export * from './names';
export * from './socket-protocol';
export * from './content-security-policy';
