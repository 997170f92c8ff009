export * from './rerun-source';
