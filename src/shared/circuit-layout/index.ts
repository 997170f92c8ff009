export * from './diagram-model';
export { packColumns } from './layout';
export type { Span } from './layout';
export { payloadDiagram } from './payload-diagram';
export { circuitDiagram } from './circuit-diagram';
export { shortNumber } from './labels';
