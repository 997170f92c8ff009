/**
 * Tag-preserving YAML for payload documents, over the `yaml` package's Document API. Tags are
 * data: never resolved, constructed or executed. A user's document is only ever read; each
 * functional object is sent as the text the user wrote.
 */
export * from './problems';
export * from './tags';
export * from './parse';
export * from './limits';
export * from './source-text';
export * from './code-tags';
export * from './root-tag';
export * from './locate';
export * from './equivalence';
export * from './document-payload';
export * from './header-comment';
export { resolveNode, propsOf, aliasTarget } from './origins';
export type { NodeProps } from './cst-scan';
export { keyString, pathSegments, dottedPath } from './paths';
export * from './payload-to-yaml';
