import type { z } from 'zod';
import type { JobInfo } from '../../shared/variants';
import type { SessionState } from '../../shared/ipc/schemas';
import type { devicesViewSchema } from '../../shared/ipc/schemas';
import { jobEndBody, jobEndTitle } from '../../shared/estimates';
import { isTerminalStatus } from '../../shared/variants/enums';
import { Session } from '../auth/session';
import type { SecretStore } from '../auth/secret-store';
import { createServiceClient } from '../client/service-client';
import type { FetchLike } from '../client/transport';
import type { ServiceClient } from '../client/types';
import { JobPoller } from '../jobs/poller';
import { WatchLimitError } from '../jobs/watch-limits';
import type { Logger } from '../logging/logger';
import {
  DEFAULT_POLL_INTERVAL_MS,
  clientOptionsForProfile,
  profileAudience,
} from '../profiles/connection';
import type { Profile } from '../profiles/schema';
import { APP_ERROR_CODES, AppError } from '../errors/app-error';
import type { EventHub } from './event-hub';
import type { LinkSnapshot } from './link-health';
import { LinkHealth, observeReach } from './link-health';
import type { JobEndedNotice } from './types';
import { fieldProblemView, sessionView, truncationView } from './views';
import { probeVariant } from '../client/variant-probe';
import type { VariantMismatchSeen } from './variant-watch';
import { APP_SWITCH_HINT, watchVariant } from './variant-watch';

export type DevicesView = z.output<typeof devicesViewSchema>;

export interface ActiveConnectionDeps {
  /** With its base URL resolved (a built-in profile's simulator is running). */
  profile: Profile;
  fetch: FetchLike;
  store: SecretStore;
  events: EventHub;
  log: Logger;
  deviceRefreshMs: number;
  userAgent?: string | undefined;
  notify?: ((notice: JobEndedNotice) => void) | undefined;
  /**
   * The built-in simulator profiles' own login: used at start instead of a stored one (a stored
   * login may come from another simulator: another data folder, a reset) and again whenever the
   * simulator refuses to renew the login.
   */
  autoLogin?: { user: string; apiKey: string } | undefined;
  /** The profile's unfinished jobs that look stuck now, told with a job's end. */
  stuckJobs?: ((profile: Profile) => readonly number[]) | undefined;
  /** Told each job record the job watcher saw change status (the local job store keeps it). */
  onJobSeen?: ((profile: Profile, record: JobInfo, at: string) => void) | undefined;
}

const LOGGED_IN_STATES = new Set(['active', 'refreshing', 'reconnecting']);

/**
 * Everything that belongs to the active profile: its client, its session (tokens stay inside),
 * the job poller and the device refresh timer. Their changes become contract events. Replaced
 * whole when another profile is activated.
 */
export class ActiveConnection {
  readonly profile: Profile;
  readonly session: Session;
  readonly client: ServiceClient;
  readonly poller: JobPoller;
  readonly #deps: ActiveConnectionDeps;
  #devices: DevicesView | null = null;
  #deviceTimer: ReturnType<typeof setInterval> | null = null;
  #deviceFetch: Promise<DevicesView> | null = null;
  /** When the device timer looks again (ms since the epoch), while it runs. */
  #nextDeviceTick: number | null = null;
  readonly #link: LinkHealth;
  #disposed = false;
  /** Jobs submitted from here: their end is news even when the first look finds them ended. */
  readonly #submitted = new Set<number>();
  /** What the service's answers said about its variant, when it is not this profile's. */
  #variantMismatch: VariantMismatchSeen | null = null;
  #probing = false;

  constructor(deps: ActiveConnectionDeps) {
    this.#deps = deps;
    this.profile = deps.profile;
    const bare = createServiceClient({
      ...clientOptionsForProfile(deps.profile, {
        fetch: deps.fetch,
        userAgent: deps.userAgent,
        logger: deps.log,
      }),
      switchVariantHint: APP_SWITCH_HINT,
    });
    this.session = new Session({
      client: bare,
      profile: deps.profile.id,
      audience: profileAudience(deps.profile),
      store: deps.store,
      logger: deps.log,
      renewWith: deps.autoLogin,
      // A keychain that refuses the login (locked) must not keep the person from working.
      keepUnsavedLogin: true,
    });
    // Every call through this client tells whether the service answered: the poller's, the
    // device timer's and the ones the UI asked for, so all views agree on "offline".
    this.#link = new LinkHealth(
      (snapshot) => {
        if (!this.#disposed)
          deps.events.emit('connection.changed', { profileId: this.profile.id, ...snapshot });
      },
      () => (this.#nextDeviceTick === null ? null : new Date(this.#nextDeviceTick).toISOString()),
    );
    this.client = watchVariant(observeReach(this.session.client, this.#link), (seen) =>
      this.#setVariantMismatch(seen),
    );
    const poll = deps.profile.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.poller = new JobPoller({
      client: this.client,
      cadence: { runningMs: poll, waitingMs: poll * 2 },
      logger: deps.log,
    });
    this.#wire();
  }

  get sessionState(): SessionState {
    return { ...sessionView(this.session.snapshot), variantMismatch: this.#variantMismatch };
  }

  /** Whether the service answered the latest calls (`connection.changed` tells each change). */
  get link(): LinkSnapshot {
    return this.#link.snapshot;
  }

  get isLoggedIn(): boolean {
    return LOGGED_IN_STATES.has(this.session.state);
  }

  /** Picks up a kept login; the built-in simulator profiles log in afresh by themselves. */
  async start(): Promise<void> {
    const { autoLogin } = this.#deps;
    if (autoLogin) {
      await this.session.login(autoLogin.user, autoLogin.apiKey);
      return;
    }
    await this.session.restore().catch((error: unknown) => {
      this.#deps.log.warn('stored login not restored', { profile: this.profile.id, error });
      return null;
    });
  }

  /** Watches a job this app just submitted, so its end raises a notification however fast it was. */
  watchSubmitted(jobId: number): void {
    try {
      this.poller.watch(jobId);
      this.#submitted.add(jobId);
    } catch (error) {
      // The job exists: a full watch list must not turn its submission into a failure.
      if (!(error instanceof WatchLimitError)) throw error;
      this.#deps.log.warn('a submitted job is not watched', { jobId, error: error.message });
    }
  }

  requireLogin(): void {
    if (!this.isLoggedIn) {
      throw new AppError(APP_ERROR_CODES.notLoggedIn, `Log in to ${this.profile.name} first.`);
    }
  }

  /** The last refresh's devices, or a fresh list when asked (or when there is none yet). */
  async devices(refresh: boolean): Promise<DevicesView> {
    this.requireLogin();
    if (!refresh && this.#devices) return this.#devices;
    return this.#refreshDevices();
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#deviceTimer) clearInterval(this.#deviceTimer);
    this.#deviceTimer = null;
    this.poller.stop();
    this.poller.removeAllListeners();
    this.session.dispose();
  }

  #refreshDevices(): Promise<DevicesView> {
    // One request at a time: a timer tick and a click share it.
    this.#deviceFetch ??= this.client
      .listDevices()
      .then((devices) => {
        const view: DevicesView = { devices, fetchedAt: new Date().toISOString() };
        if (this.#disposed) return view;
        this.#devices = view;
        this.#deps.events.emit('devices.updated', view);
        return view;
      })
      .finally(() => {
        this.#deviceFetch = null;
      });
    return this.#deviceFetch;
  }

  #wire(): void {
    const { events, log } = this.#deps;
    const profileId = this.profile.id;
    let wasLoggedIn = false;
    this.session.on('state', (snapshot) => {
      events.emit('session.changed', this.sessionState);
      const loggedIn = LOGGED_IN_STATES.has(snapshot.state);
      if (loggedIn) this.#startDeviceTimer();
      else this.#stopDeviceTimer();
      if (loggedIn && !wasLoggedIn) this.#checkVariant();
      wasLoggedIn = loggedIn;
    });
    this.poller.on('status', (event) => {
      events.emit('jobs.status', {
        profileId,
        jobId: event.jobId,
        from: event.from,
        to: event.to,
        at: event.at,
      });
      this.#deps.onJobSeen?.(this.profile, event.info, event.at);
      // A job first seen already ended (an old job someone asked to watch) is not news.
      const submittedHere = this.#submitted.delete(event.jobId);
      const news = event.from !== null || submittedHere;
      if (isTerminalStatus(event.to) && news && this.#deps.notify) {
        const name = event.info.name.trim() || null;
        this.#deps.notify({
          profileId,
          jobId: event.jobId,
          status: event.to,
          name,
          title: jobEndTitle(event.jobId, event.to),
          body: jobEndBody({
            jobId: event.jobId,
            to: event.to,
            name,
            stuck: this.#stuckJobs(),
          }),
        });
      }
    });
    // A followed job (jobs.follow): its record is kept like any the watcher saw, and its record
    // and logs go to the pages as the view a jobs.get of its logs answers.
    this.poller.on('live', (event) => {
      this.#deps.onJobSeen?.(this.profile, event.detail, event.at);
      events.emit('jobs.live', {
        profileId,
        jobId: event.jobId,
        view: {
          detail: event.detail,
          problems: [
            ...event.problems.map(fieldProblemView),
            ...(event.truncated ?? []).map(truncationView),
          ],
          fetchedAt: event.at,
          fromCache: false,
          offline: null,
          storeReason: null,
        },
      });
    });
    // The poller's own reconnecting/online events are not forwarded: its calls go through the
    // observed client, which reports them with everyone else's.
    this.poller.on('failure', (event) =>
      log.warn('watching a job failed', { jobId: event.jobId, error: event.error }),
    );
  }

  /** Stuck jobs for a notice; a failure to tell leaves them out rather than the notice. */
  #stuckJobs(): readonly number[] {
    try {
      return this.#deps.stuckJobs?.(this.profile) ?? [];
    } catch (error) {
      this.#deps.log.warn('stuck jobs could not be looked up for a notice', { error });
      return [];
    }
  }

  /**
   * A login (or a kept one picked up) is checked against the variant the service speaks: a
   * token looks the same in both, so the job list and the newest record are asked, once per
   * login. The built-in simulators speak their profile's variant by construction.
   */
  #checkVariant(): void {
    if (this.profile.builtin === 'simulator' || this.#probing || this.#disposed) return;
    this.#probing = true;
    probeVariant(this.client)
      .then((probe) => {
        if (probe.outcome === 'match') this.#setVariantMismatch(null);
        else if (probe.outcome === 'unknown')
          this.#deps.log.info('variant not checked', {
            profile: this.profile.id,
            why: probe.message,
          });
      })
      .catch((error: unknown) => this.#deps.log.info('variant check failed', { error }))
      .finally(() => {
        this.#probing = false;
      });
  }

  #setVariantMismatch(seen: VariantMismatchSeen | null): void {
    const was = this.#variantMismatch;
    if (was?.message === seen?.message || this.#disposed) return;
    this.#variantMismatch = seen;
    if (seen)
      this.#deps.log.warn('service speaks another variant', {
        profile: this.profile.id,
        detected: seen.detected,
      });
    this.#deps.events.emit('session.changed', this.sessionState);
  }

  #startDeviceTimer(): void {
    if (this.#deviceTimer || this.#disposed) return;
    const tick = (): void => {
      this.#nextDeviceTick = Date.now() + this.#deps.deviceRefreshMs;
      if (!this.isLoggedIn) return;
      this.#refreshDevices().catch((error: unknown) =>
        this.#deps.log.info('device refresh failed', { error }),
      );
    };
    this.#deviceTimer = setInterval(tick, this.#deps.deviceRefreshMs);
    this.#deviceTimer.unref?.();
    tick();
  }

  #stopDeviceTimer(): void {
    if (this.#deviceTimer) clearInterval(this.#deviceTimer);
    this.#deviceTimer = null;
    this.#nextDeviceTick = null;
  }
}
