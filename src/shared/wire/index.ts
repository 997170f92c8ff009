/**
 * Between the wire forms of the service (docs/wire-format.md) and the models of
 * `src/shared/variants`. Decoders throw `WireDecodeError` (wrap a call in `wireResult` for a Result
 * value); `decodeJobDetail` reports per-field problems instead of failing; the execute-body
 * decoders return `{ ok, issues }` for a 4xx answer.
 */
export * from './errors';
export * from './base64';
export * from './dates';
export {
  decodeJobId,
  decodeJobInfo,
  decodeJobList,
  encodeJobId,
  encodeJobInfo,
  encodeJobList,
} from './job-info';
export * from './job-detail';
export * from './devices';
export * from './execute';
export * from './service-error';
export * from './login';
export * from './byte-size';
