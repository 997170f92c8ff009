export * from './cadence';
export * from './poller';
export * from './wait';
