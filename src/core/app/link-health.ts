import { isServiceError } from '../client/errors';
import type { ServiceClient } from '../client/types';
import { isUnreachable } from '../job-store/unreachable';

/** Whether the service answers, as every view and the status bar should tell it. */
export interface LinkSnapshot {
  state: 'online' | 'offline';
  /** Why the last call did not reach the service, while offline. */
  message: string | null;
  /** ISO 8601: the next automatic attempt, while offline (null when none is planned). */
  retryAt: string | null;
}

/** What one call says about the link: it got an answer, it did not, or it says nothing (aborted). */
export type ReachOutcome = 'reached' | 'unreachable' | 'silent';

/**
 * An error that left the service unanswered (network, timeout, 5xx, 429) says the link is down;
 * any other answer (a 404, a refused token, a body we could not read) proves it is up. A call
 * that was cancelled, or refused before anything was sent, says nothing either way.
 */
export function reachOutcome(error: unknown): ReachOutcome {
  if (isServiceError(error) && (error.code === 'aborted' || error.code === 'invalid-request'))
    return 'silent';
  if (isUnreachable(error)) return 'unreachable';
  return 'reached';
}

/**
 * The link to the service as the outcome of the latest calls, whoever made them (the job
 * poller, the device timer, a list or lookup the UI asked for). One failed call turns it offline
 * and the next answered call brings it back. A call that was already on its way when a later one
 * failed does not count as recovery: its answer may predate the outage.
 */
export class LinkHealth {
  readonly #onChange: (snapshot: LinkSnapshot) => void;
  readonly #nextAttempt: () => string | null;
  #snapshot: LinkSnapshot = { state: 'online', message: null, retryAt: null };
  #started = 0;
  /** The start number of the latest call that failed to reach the service. */
  #failedAt = -1;

  constructor(
    onChange: (snapshot: LinkSnapshot) => void,
    nextAttempt: () => string | null = () => null,
  ) {
    this.#onChange = onChange;
    this.#nextAttempt = nextAttempt;
  }

  get snapshot(): LinkSnapshot {
    return this.#snapshot;
  }

  /** Call when a request starts; pass the number to `settle` when it ends. */
  begin(): number {
    return ++this.#started;
  }

  settle(call: number, outcome: ReachOutcome, message: string | null = null): void {
    if (outcome === 'silent') return;
    if (outcome === 'unreachable') {
      this.#failedAt = Math.max(this.#failedAt, call);
      this.#set({
        state: 'offline',
        message: message ?? 'The service could not be reached.',
        retryAt: this.#nextAttempt(),
      });
    } else if (call > this.#failedAt) {
      this.#set({ state: 'online', message: null, retryAt: null });
    }
  }

  #set(next: LinkSnapshot): void {
    const was = this.#snapshot;
    if (was.state === next.state && was.message === next.message && was.retryAt === next.retryAt)
      return;
    this.#snapshot = next;
    this.#onChange(next);
  }
}

type Observed = 'listDevices' | 'listJobs' | 'getJob' | 'execute' | 'cancelJob';
const OBSERVED: readonly Observed[] = ['listDevices', 'listJobs', 'getJob', 'execute', 'cancelJob'];

/**
 * The same client, with the outcome of every service call reported to `health`. Login and
 * refresh are left out: the session reports those in its own state.
 */
export function observeReach<C extends ServiceClient>(client: C, health: LinkHealth): C {
  const wrapped = Object.create(client) as C;
  for (const name of OBSERVED) {
    const original = client[name] as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(wrapped, name, {
      value: async (...args: unknown[]) => {
        const call = health.begin();
        try {
          const value = await original.apply(client, args);
          health.settle(call, 'reached');
          return value;
        } catch (error) {
          health.settle(call, reachOutcome(error), error instanceof Error ? error.message : null);
          throw error;
        }
      },
    });
  }
  return wrapped;
}
