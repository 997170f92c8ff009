export * from './diagnostics-text';
export { redactForTicket } from './redact-more';
