export * from './types';
export { MemoryAnnotationStore } from './memory-annotation-store';
export { SqliteAnnotationStore } from './sqlite-annotation-store';
export { ANNOTATION_TABLES } from './migration';
