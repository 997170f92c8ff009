export * from './types';
export * from './cache-key';
export * from './open-job-cache';
export * from './job-source';
export { MemoryJobCache } from './memory-job-cache';
export { SqliteJobCache } from './sqlite-job-cache';
export type { SqliteJobCacheOptions } from './sqlite-job-cache';
export { loadSqlite } from './sqlite-loader';
export { isUnreachable } from './unreachable';
