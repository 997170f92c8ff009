export * from './build-bundle';
export { redactForTicket } from './redact-more';
