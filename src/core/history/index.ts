export * from './types';
export * from './memory-device-history';
export * from './sqlite-device-history';
export * from './open-device-history';
export * from './duration-samples';
export * from './estimates-service';
export * from './merge-histories';
