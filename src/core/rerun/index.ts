export * from './submit-recorded';
export * from './rerun-source';
