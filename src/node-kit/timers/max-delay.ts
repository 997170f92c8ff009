/**
 * The longest delay `setTimeout` honours: 2^31 − 1 ms, about 24.8 days. A longer one does not
 * wait longer; Node fires it after 1 ms (with a TimeoutOverflowWarning). Timers that may be set
 * further ahead (a token's refresh, a device's next status change) clamp to this: they wake
 * early, which both tolerate (a login renewed early, a device queue looked at early).
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
