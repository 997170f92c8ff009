import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { VariantId } from '../../shared/variants/declaration';
import type { Logger } from '../logging/logger';
import { SIMULATOR_CREDENTIALS, startSimulator, type SimulatorHandle } from '../../simulator';
import { publishEndpoint, withdrawEndpoint } from './simulator-endpoints';
import type { SimulatorOwner } from './simulator-endpoints';

export interface EmbeddedSimulatorsOptions {
  /** Jobs of each variant are kept under `<dir>/<variant>` so they survive a restart. */
  dir: string;
  /** Who runs them: named in the endpoint published for `qjob` (simulator-endpoints.ts). */
  owner: SimulatorOwner;
  speed?: number;
  seed?: number;
  log: Logger;
}

/**
 * The simulators behind the built-in profiles: one per variant, started on first use (the active
 * profile's at launch, the other when switched to), on a free loopback port, stopped with the app.
 *
 * They accept the demo user with a key made for this launch, never the public `demo` key: any
 * program on the machine can reach a loopback port, and only the app should use its simulators.
 * The built-in profiles log in with `credentials` by themselves. The key leaves the core only in
 * the endpoint file each running simulator publishes beside its jobs (owner-only, in the
 * owner-only data folder), where `qjob` finds the simulator the app runs.
 */
export class EmbeddedSimulators {
  readonly #options: EmbeddedSimulatorsOptions;
  readonly #starting = new Map<VariantId, Promise<SimulatorHandle>>();
  readonly #urls = new Map<VariantId, string>();
  readonly credentials: Readonly<{ user: string; apiKey: string }> = Object.freeze({
    user: SIMULATOR_CREDENTIALS.user,
    apiKey: randomBytes(32).toString('base64url'),
  });

  constructor(options: EmbeddedSimulatorsOptions) {
    this.#options = options;
  }

  /** The running simulator's URL, or null before it started. */
  urlOf(variant: VariantId): string | null {
    return this.#urls.get(variant) ?? null;
  }

  /** Starts the variant's simulator if needed and resolves its base URL. */
  async ensure(variant: VariantId): Promise<string> {
    let starting = this.#starting.get(variant);
    if (!starting) {
      const { dir, speed, seed, log } = this.#options;
      starting = startSimulator({
        variant,
        dataDir: path.join(dir, variant.toLowerCase()),
        user: this.credentials.user,
        apiKey: this.credentials.apiKey,
        ...(speed !== undefined ? { speed } : {}),
        ...(seed !== undefined ? { seed } : {}),
        onProblem: (message) => log.warn(`embedded simulator ${variant}: ${message}`),
      }).then(async (handle) => {
        for (const problem of handle.problems)
          log.warn(`embedded simulator ${variant}: ${problem}`);
        log.info('embedded simulator started', { variant, url: handle.url });
        // Not fatal: without it, qjob starts a simulator of its own instead of reaching this one.
        await publishEndpoint(dir, {
          owner: this.#options.owner,
          variant,
          pid: process.pid,
          url: handle.url,
          user: this.credentials.user,
          apiKey: this.credentials.apiKey,
          startedAt: new Date().toISOString(),
        }).catch((error: unknown) =>
          log.warn(`embedded simulator ${variant}: its address could not be published for qjob`, {
            error,
          }),
        );
        return handle;
      });
      this.#starting.set(variant, starting);
      // A failed start is not cached: the next activation tries again.
      starting.catch(() => this.#starting.delete(variant));
    }
    const handle = await starting;
    this.#urls.set(variant, handle.url);
    return handle.url;
  }

  async stopAll(): Promise<void> {
    const all = [...this.#starting.values()];
    this.#starting.clear();
    this.#urls.clear();
    await Promise.all(
      all.map((p) =>
        p
          .then(async (h) => {
            await withdrawEndpoint(this.#options.dir, h.variant).catch(() => undefined);
            await h.stop();
          })
          .catch(() => undefined),
      ),
    );
  }
}
