export * from './build-bundle';
export * from './collect-bundle';
export * from './open-bundle';
