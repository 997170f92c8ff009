/** The exit codes of `qjob`, as documented in `qjob --help` and the README. */
export const EXIT = Object.freeze({
  ok: 0,
  /** The operation failed: invalid payload, no such job, job ended in error, timeout or cancelled. */
  failed: 1,
  /** Wrong arguments, or a connection set to the variant the service does not speak. */
  usage: 2,
  auth: 3,
  /** The network or the service failed. */
  service: 4,
});
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
