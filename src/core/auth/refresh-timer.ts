import { backoffDelay } from '../client/retry';
import { MAX_TIMER_MS } from '../../node-kit/timers/max-delay';

/**
 * Renewals do not start closer together than this. A token that is refused as soon as it is
 * renewed (or one that lasts no time) would otherwise be renewed again by every call and every
 * timer, hundreds of times a second; within it the token held is used as it is, and a call
 * whose token is refused fails with that refusal.
 */
export const MIN_RENEWAL_INTERVAL_MS = 1_000;

/**
 * Tokens this close to expiry (or a tenth of their lifetime, for very short-lived ones) are
 * renewed before use rather than sent to earn a 401.
 */
const EXPIRY_MARGIN_MS = 5_000;

/** Whether an access token must be renewed before it is sent. */
export function mustRenewBeforeUse(
  token: { expiresAt: number; receivedAt: number },
  now: number,
): boolean {
  const margin = Math.min(EXPIRY_MARGIN_MS, Math.max(0, token.expiresAt - token.receivedAt) / 10);
  return token.expiresAt - now <= margin;
}

export interface RefreshTimerOptions {
  /** Renew this long before expiry (capped at a fifth of the token's remaining lifetime). */
  leadMs: number;
  now: () => number;
  /** Called when a renewal is due; it reports its own failures. */
  onDue: () => void;
}

/**
 * When a session renews its login by itself: shortly before the access token expires, and,
 * after a renewal that failed for a reason that may pass (the service unreachable), again
 * with a growing back-off. One timer at a time; it never keeps a CLI process alive.
 */
export class RefreshTimer {
  readonly #options: RefreshTimerOptions;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #failures = 0;

  constructor(options: RefreshTimerOptions) {
    this.#options = options;
  }

  /** A fresh token: renew it shortly before `expiresAt`; the back-off starts over. */
  beforeExpiry(expiresAt: number): void {
    this.#failures = 0;
    const lifetime = Math.max(0, expiresAt - this.#options.now());
    const lead = Math.min(this.#options.leadMs, lifetime / 5);
    this.#arm(Math.max(0, lifetime - lead));
  }

  /** A renewal was due sooner than renewals may follow each other: look again in `delayMs`. */
  later(delayMs: number): void {
    this.#arm(delayMs);
  }

  /** A renewal failed but may succeed later: try again, each time waiting longer (to 1 min). */
  afterFailure(): void {
    this.#arm(backoffDelay(this.#failures++, { baseDelayMs: 1_000, maxDelayMs: 60_000 }));
  }

  clear(): void {
    // Stryker disable next-line ConditionalExpression: clearTimeout(null) does nothing either
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #arm(delay: number): void {
    this.clear();
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#options.onDue();
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    // A pending renewal must not keep a CLI process alive.
    // Stryker disable next-line OptionalChaining: Node's timers always have unref
    this.#timer.unref?.();
  }
}
