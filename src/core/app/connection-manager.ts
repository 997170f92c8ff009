import type { ProfileView, SessionState } from '../../shared/ipc/schemas';
import type { SecretStore } from '../auth/secret-store';
import type { FetchLike } from '../client/transport';
import type { Logger } from '../logging/logger';
import { requireProfile, withSimulatorUrl } from '../profiles/profiles';
import type { Profile } from '../profiles/schema';
import type { SettingsStore } from '../profiles/settings-store';
import { ActiveConnection } from './active-connection';
import type { ActiveConnectionDeps } from './active-connection';
import { APP_ERROR_CODES, AppError } from '../errors/app-error';
import { DEFAULT_PROFILE_ID } from '../profiles/builtin';
import type { EmbeddedSimulators } from '../connections/embedded-simulators';
import type { EventHub } from './event-hub';
import type { JobEndedNotice } from './types';
import { loggedOutView, profileView } from './views';

export interface ConnectionManagerDeps {
  settings: SettingsStore;
  simulators: EmbeddedSimulators;
  store: SecretStore;
  fetch: FetchLike;
  events: EventHub;
  log: Logger;
  deviceRefreshMs: number;
  userAgent?: string | undefined;
  notify?: ((notice: JobEndedNotice) => void) | undefined;
  /** The profile's unfinished jobs that look stuck now (the estimates), told with a job's end. */
  stuckJobs?: ((profile: Profile) => readonly number[]) | undefined;
  onJobSeen?: ActiveConnectionDeps['onJobSeen'];
}

/**
 * Which profile is active, and its connection. Activations are serialised (two quick clicks on
 * the profile switcher end on the second profile, not on a mix of both) and remembered in the
 * settings file for the next start.
 */
export class ConnectionManager {
  readonly #deps: ConnectionManagerDeps;
  #active: ActiveConnection | null = null;
  #chain: Promise<unknown> = Promise.resolve();
  #lastError: string | null = null;

  constructor(deps: ConnectionManagerDeps) {
    this.#deps = deps;
  }

  get active(): ActiveConnection | null {
    return this.#active;
  }

  requireActive(): ActiveConnection {
    if (!this.#active) {
      throw new AppError(
        APP_ERROR_CODES.noProfile,
        this.#lastError ?? 'No connection profile is active: choose one in the profile switcher.',
      );
    }
    return this.#active;
  }

  sessionState(): SessionState {
    return this.#active?.sessionState ?? loggedOutView(null, this.#deps.store, this.#lastError);
  }

  /** A profile as stored, with a built-in one pointed at its (started) simulator. */
  async resolve(profile: Profile): Promise<Profile> {
    if (profile.builtin !== 'simulator') return profile;
    try {
      return withSimulatorUrl(profile, await this.#deps.simulators.ensure(profile.variant));
    } catch (error) {
      throw new AppError(
        'simulator-unavailable',
        `The built-in simulator (Variant ${profile.variant}) could not start: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  profileView(profile: Profile): ProfileView {
    return profileView(profile, this.#deps.simulators.urlOf(profile.variant));
  }

  activate(id: string): Promise<SessionState> {
    const run = this.#chain.then(() => this.#activate(id));
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** The first activation: the requested or remembered profile, else the Variant A simulator. */
  async startInitial(preferred?: string): Promise<void> {
    const { settings } = await this.#deps.settings.load();
    const first = preferred ?? settings.app.lastProfile ?? DEFAULT_PROFILE_ID;
    try {
      await this.activate(first);
    } catch (error) {
      this.#deps.log.warn('start profile failed', { profile: first, error });
      if (first === DEFAULT_PROFILE_ID) return;
      await this.activate(DEFAULT_PROFILE_ID).catch((e: unknown) =>
        this.#deps.log.error('simulator profile failed', { error: e }),
      );
    }
  }

  async dispose(): Promise<void> {
    await this.#chain;
    this.#active?.dispose();
    this.#active = null;
  }

  async #activate(id: string): Promise<SessionState> {
    const { settings } = await this.#deps.settings.load();
    const profile = await this.resolve(requireProfile(settings, id));
    this.#active?.dispose();
    this.#active = null;
    const connection = new ActiveConnection({
      profile,
      fetch: this.#deps.fetch,
      store: this.#deps.store,
      events: this.#deps.events,
      log: this.#deps.log,
      deviceRefreshMs: this.#deps.deviceRefreshMs,
      userAgent: this.#deps.userAgent,
      notify: this.#deps.notify,
      stuckJobs: this.#deps.stuckJobs,
      autoLogin: profile.builtin === 'simulator' ? this.#deps.simulators.credentials : undefined,
      onJobSeen: this.#deps.onJobSeen,
    });
    this.#active = connection;
    this.#lastError = null;
    this.#deps.events.emit('session.changed', connection.sessionState);
    await this.#deps.settings
      .update((s) => ({ ...s, app: { ...s.app, lastProfile: id } }))
      .catch((error: unknown) => this.#deps.log.warn('active profile not remembered', { error }));
    try {
      await connection.start();
    } catch (error) {
      // The profile is active but not logged in; the session state carries the reason.
      this.#deps.log.warn('automatic login failed', { profile: id, error });
    }
    this.#deps.log.info('profile active', { profile: id, state: connection.session.state });
    return connection.sessionState;
  }
}
