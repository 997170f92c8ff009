import { EventEmitter } from 'node:events';
import type { Token } from '../../shared/variants';
import type { RequestAuthorization, RequestAuthorizer } from '../client/authorizer';
import { ServiceError } from '../client/errors';
import type { ServiceClient } from '../client/types';
import { SerialQueue } from '../async/serial-queue';
import type { Logger } from '../logging/logger';
import { silentLogger } from '../logging/logger';
import { buildLoginAssertion } from './assertion';
import { SessionError } from './errors';
import type { SecretStore } from './secret-store';
import { currentUserAccount, tokenAccount } from './secret-store';
import type { SessionTokens } from './stored-session';
import { currentUserSchema, storedSession, tokensOfStored, tokensReceived } from './stored-session';
import { MIN_RENEWAL_INTERVAL_MS, RefreshTimer, mustRenewBeforeUse } from './refresh-timer';
import {
  abandonable,
  endedMessage,
  isDefinitiveRejection,
  messageOf,
  parseStored,
} from './refresh-rules';
import type { SessionEvents, SessionSnapshot, SessionStateName, WhoAmI } from './session-state';

// Re-exported: callers import the session's types from here.
export type {
  SessionEndedEvent,
  SessionEvents,
  SessionSnapshot,
  SessionStateName,
  WhoAmI,
} from './session-state';

export interface SessionOptions {
  /** A client without a session: it performs login and refresh. */
  client: ServiceClient;
  /** The profile key (a profile id, or `url:<base URL>` for ad-hoc connections). */
  profile: string;
  /** The per-deployment audience of the login assertion. */
  audience: string;
  store: SecretStore;
  /**
   * Credentials the app itself holds (the built-in simulators' per-launch key): when the service
   * refuses to renew the login, log in again with them instead of ending the session.
   */
  renewWith?: { user: string; apiKey: string } | undefined;
  /** Refresh this long before the access token expires (capped at a fifth of its lifetime). */
  refreshLeadMs?: number;
  now?: () => number;
  logger?: Logger;
  /**
   * When the secret store refuses a new login (a locked keychain): true keeps it for this run
   * and says it will not survive (the app, where the person can go on working); false, the
   * default, fails the login (the CLI, whose next command would find no login anyway).
   */
  keepUnsavedLogin?: boolean;
}

/**
 * The logged-in state of one connection profile: login, the bearer on every call, refresh on
 * 401 (once, shared by all concurrent callers) and shortly before expiry, persistence in a
 * SecretStore, logout. Tokens live in private fields and leave only as the Authorization
 * header the client sends; `snapshot` and `whoami` are all the rest of the app ever sees.
 */
export class Session extends EventEmitter<SessionEvents> implements RequestAuthorizer {
  readonly profile: string;
  /** The client for every call after login: it carries this session's bearer. */
  readonly client: ServiceClient;
  readonly #bare: ServiceClient;
  readonly #store: SecretStore;
  readonly #audience: string;
  readonly #renewWith: { user: string; apiKey: string } | undefined;
  readonly #now: () => number;
  readonly #logger: Logger;
  readonly #keepUnsaved: boolean;
  #tokens: SessionTokens | null = null;
  #user: string | null = null;
  #generation = 0;
  #refreshing: Promise<boolean> | null = null;
  /** When the last renewal began (MIN_RENEWAL_INTERVAL_MS apart at least). */
  #renewalStartedAt = Number.NEGATIVE_INFINITY;
  /**
   * The secret store's writes and deletes, one at a time in call order: a logout's deletes
   * come after a save already under way instead of racing it (a save landing last would bring
   * the login back at the next start).
   */
  readonly #writes = new SerialQueue();
  readonly #refreshTimer: RefreshTimer;
  #state: SessionStateName = 'logged-out';
  #message: string | null = null;

  constructor(options: SessionOptions) {
    super();
    this.profile = options.profile;
    this.#bare = options.client;
    this.#store = options.store;
    this.#audience = options.audience;
    this.#renewWith = options.renewWith;
    this.#now = options.now ?? Date.now;
    this.#logger = options.logger ?? silentLogger;
    this.#keepUnsaved = options.keepUnsavedLogin ?? false;
    this.#refreshTimer = new RefreshTimer({
      leadMs: options.refreshLeadMs ?? 60_000,
      now: this.#now,
      onDue: () => {
        // The timer does not wait: it looks again when a renewal may start.
        const renewal = this.#renewalIfDue();
        if (!renewal) {
          this.#refreshTimer.later(this.#renewalDelay());
          return;
        }
        renewal.catch((error: unknown) => {
          this.#logger.debug('background refresh failed', { error: messageOf(error) });
        });
      },
    });
    this.client = options.client.withSession(this);
  }

  get snapshot(): SessionSnapshot {
    return {
      profile: this.profile,
      state: this.#state,
      user: this.#user,
      expiresAt: this.#tokens ? new Date(this.#tokens.expiresAt).toISOString() : null,
      secretStore: { kind: this.#store.kind, secure: this.#store.secure },
      message: this.#message,
    };
  }

  get state(): SessionStateName {
    return this.#state;
  }

  whoami(): WhoAmI | null {
    if (!this.#tokens || !this.#user) return null;
    return {
      user: this.#user,
      profile: this.profile,
      expiresAt: new Date(this.#tokens.expiresAt).toISOString(),
    };
  }

  /** Logs in with a user name and API key; the token goes to the secret store. */
  async login(
    user: string,
    apiKey: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<WhoAmI> {
    if (user.trim() === '')
      throw new SessionError('invalid-input', 'A user name is needed to log in.');
    if (apiKey.trim() === '')
      throw new SessionError('invalid-input', 'An API key is needed to log in.');
    const before = this.#state;
    this.#setState('logging-in', null);
    let token: Token;
    try {
      token = await this.#requestToken(user, apiKey, options);
    } catch (error) {
      this.#setState(this.#tokens ? before : 'logged-out', messageOf(error));
      throw error;
    }
    const tokens = tokensReceived(token, this.#now());
    const previousUser = this.#user;
    let unsaved: string | null = null;
    try {
      await this.#persist(user, tokens);
    } catch (error) {
      if (!this.#keepUnsaved) {
        // Nothing of this login was kept: say so, and what is in effect instead.
        // The reason goes last: a keychain's carries its own hint over several sentences.
        const instead = this.#tokens
          ? `you are still logged in as ${this.#user ?? 'before'}`
          : 'you are not logged in';
        const message = `The service accepted the login, but nothing of it could be kept and ${instead}: ${messageOf(error)}`;
        this.#setState(this.#tokens ? before : 'logged-out', message);
        throw new SessionError('secret-store', message, error);
      }
      this.#logger.warn('login not saved', { profile: this.profile, error: messageOf(error) });
      unsaved = `Logged in, but the login could not be kept: ${messageOf(error)} It is kept in memory until the app is closed.`;
    }
    if (previousUser && previousUser !== user) {
      // One login per profile: the previous user's token must not linger in the keychain.
      await this.#writes
        .run(() => this.#store.delete(tokenAccount(this.profile, previousUser)))
        // Stryker disable next-line ArrowFunction,BooleanLiteral: the value is not used, only the failure is swallowed
        .catch(() => false);
    }
    this.#activate(user, tokens, unsaved);
    this.#logger.info('logged in', { profile: this.profile, user });
    return this.whoami() as WhoAmI;
  }

  /**
   * Picks up a login kept by an earlier run (of the app, or of another `qjob` command).
   * Resolves null when there is none. An unreadable entry is deleted and reported.
   */
  async restore(options: { user?: string } = {}): Promise<WhoAmI | null> {
    const user = options.user ?? (await this.#storedUser());
    if (!user) {
      this.#setState('logged-out', null);
      return null;
    }
    const text = await this.#store.get(tokenAccount(this.profile, user));
    if (text === null) {
      this.#user = user;
      this.#setState('logged-out', null);
      return null;
    }
    const stored = parseStored(text);
    if (!stored || stored.profile !== this.profile || stored.user !== user) {
      // Stryker disable next-line ArrowFunction,BooleanLiteral: the value is not used, only the failure is swallowed
      await this.#store.delete(tokenAccount(this.profile, user)).catch(() => false);
      this.#user = user;
      this.#setState(
        'logged-out',
        'The stored login could not be read and was removed; log in again.',
      );
      return null;
    }
    this.#activate(user, tokensOfStored(stored));
    return this.whoami();
  }

  /** Forgets the login here and in the secret store. */
  async logout(): Promise<{ deleted: boolean }> {
    this.#refreshTimer.clear();
    // Stryker disable next-line ArrowFunction,BooleanLiteral: the value is not used, only the failure is swallowed
    const user = this.#user ?? (await this.#storedUser().catch(() => null));
    this.#tokens = null;
    // Stryker disable next-line UpdateOperator: only a change of generation matters, not its direction
    this.#generation++;
    let deleted: boolean;
    try {
      // After any write already under way (a renewed login being saved): deleted last, so gone.
      deleted = await this.#writes.run(async () => {
        const had = user ? await this.#store.delete(tokenAccount(this.profile, user)) : false;
        await this.#store.delete(currentUserAccount(this.profile));
        return had;
      });
    } finally {
      this.#user = null;
      this.#setState('logged-out', null);
    }
    this.#logger.info('logged out', { profile: this.profile, user });
    return { deleted };
  }

  /** Stops the refresh timer; the session object is not used afterwards. */
  dispose(): void {
    this.#refreshTimer.clear();
    this.removeAllListeners();
  }

  // RequestAuthorizer ----------------------------------------------------------------------

  async authorize(signal?: AbortSignal): Promise<RequestAuthorization | null> {
    if (!this.#tokens) return null;
    if (mustRenewBeforeUse(this.#tokens, this.#now())) await abandonable(this.#renewal(), signal);
    const tokens = this.#tokens as SessionTokens | null;
    if (!tokens) return null;
    return { header: `Bearer ${tokens.access}`, generation: this.#generation };
  }

  async handleUnauthorized(
    rejected: RequestAuthorization | null,
    signal?: AbortSignal,
  ): Promise<boolean> {
    if (!this.#tokens) return false;
    // Another caller already replaced the token this request was sent with: just repeat it.
    if (!rejected || rejected.generation !== this.#generation) return true;
    return abandonable(this.#renewal(), signal);
  }

  // Internals ------------------------------------------------------------------------------

  /**
   * Single flight: every caller waiting for a refresh shares one request to the service. A new
   * one starts MIN_RENEWAL_INTERVAL_MS after the last began at the soonest; asked sooner, it
   * waits until then.
   */
  #renewal(): Promise<boolean> {
    return this.#refreshing ?? this.#startRenewal(this.#renewalDelay());
  }

  /** The renewal under way, or a new one when it may start now; otherwise null. */
  #renewalIfDue(): Promise<boolean> | null {
    if (this.#refreshing) return this.#refreshing;
    return this.#renewalDelay() > 0 ? null : this.#startRenewal(0);
  }

  #renewalDelay(): number {
    return Math.max(0, this.#renewalStartedAt + MIN_RENEWAL_INTERVAL_MS - this.#now());
  }

  #startRenewal(delay: number): Promise<boolean> {
    this.#renewalStartedAt = this.#now() + delay;
    const refreshing = (delay > 0 ? pause(delay) : Promise.resolve())
      .then(() => this.#refresh())
      .finally(() => {
        this.#refreshing = null;
      });
    this.#refreshing = refreshing;
    return refreshing;
  }

  async #refresh(): Promise<boolean> {
    const tokens = this.#tokens;
    const user = this.#user;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: defensive; every caller checks for tokens first, and #end and logout clear the timer
    if (!tokens || !user) return false;
    this.#setState('refreshing', null);
    let token: Token;
    try {
      token = await this.#bare.refresh(tokens.refresh);
    } catch (error) {
      if (isDefinitiveRejection(error)) {
        if (this.#renewWith && (await this.#loginAgain(tokens, this.#renewWith))) return true;
        await this.#end(error);
        throw new ServiceError({
          code: 'auth',
          operation: 'renewing the login',
          status: error.status,
          serviceMessage: error.serviceMessage,
          serviceCode: error.serviceCode,
          message: endedMessage(error),
          cause: error,
        });
      }
      this.#setState('reconnecting', messageOf(error));
      this.#refreshTimer.afterFailure();
      throw error;
    }
    const next = tokensReceived(token, this.#now());
    let notSaved: unknown = null;
    try {
      // Written only if this login is still the one held when its turn to write comes.
      await this.#persist(user, next, () => this.#tokens === tokens);
    } catch (error) {
      notSaved = error;
    }
    // A logout (or a new login) while the refresh was on its way or being saved wins.
    if (this.#tokens !== tokens) return this.#tokens !== null;
    if (notSaved !== null) {
      // The renewed token still works in memory; the person needs to know it will not survive.
      this.#logger.warn('renewed login not saved', { error: messageOf(notSaved) });
      this.#activate(user, next, `The renewed login could not be saved: ${messageOf(notSaved)}`);
      return true;
    }
    this.#activate(user, next);
    return true;
  }

  /** A new login with the credentials the app holds, after a refused refresh: true when it worked. */
  async #loginAgain(
    refused: SessionTokens,
    credentials: { user: string; apiKey: string },
  ): Promise<boolean> {
    let token: Token;
    try {
      token = await this.#requestToken(credentials.user, credentials.apiKey);
    } catch (error) {
      this.#logger.warn('new login after a refused refresh failed', { error: messageOf(error) });
      return false;
    }
    // Logged out meanwhile: stay logged out.
    if (this.#tokens !== refused) return this.#tokens !== null;
    const next = tokensReceived(token, this.#now());
    await this.#persist(credentials.user, next).catch((error: unknown) =>
      this.#logger.warn('new login not saved', { error: messageOf(error) }),
    );
    this.#activate(credentials.user, next);
    this.#logger.info('logged in again after a refused refresh', { profile: this.profile });
    return true;
  }

  #requestToken(
    user: string,
    apiKey: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<Token> {
    const assertion = buildLoginAssertion({ user, apiKey, audience: this.#audience }, this.#now());
    return this.#bare.login({ assertion }, options);
  }

  async #end(error: ServiceError): Promise<void> {
    this.#refreshTimer.clear();
    const user = this.#user;
    this.#tokens = null;
    // Stryker disable next-line UpdateOperator: only a change of generation matters, not its direction
    this.#generation++;
    if (user) {
      await this.#writes
        .run(() => this.#store.delete(tokenAccount(this.profile, user)))
        // Stryker disable next-line ArrowFunction,BooleanLiteral: the value is not used, only the failure is swallowed
        .catch(() => false);
    }
    const message = endedMessage(error);
    this.#setState('expired', message);
    this.#logger.warn('session ended', { profile: this.profile, user, status: error.status });
    this.emit('ended', { profile: this.profile, user, reason: 'refresh-rejected', message });
  }

  #activate(user: string, tokens: SessionTokens, message: string | null = null): void {
    this.#user = user;
    this.#tokens = tokens;
    // Stryker disable next-line UpdateOperator: only a change of generation matters, not its direction
    this.#generation++;
    this.#refreshTimer.beforeExpiry(tokens.expiresAt);
    this.#setState('active', message);
  }

  /**
   * Saves a login, in turn with the other writes. `current` is asked when its turn comes: a
   * login replaced or dropped meanwhile is not written back over what replaced it.
   */
  #persist(
    user: string,
    tokens: SessionTokens,
    current: () => boolean = () => true,
  ): Promise<void> {
    return this.#writes.run(async () => {
      if (current()) await this.#write(user, tokens);
    });
  }

  async #write(user: string, tokens: SessionTokens): Promise<void> {
    const stored = storedSession(this.profile, user, tokens, this.#now());
    // Both or neither: a token without the pointer to it is a login no later run finds.
    await this.#store.setMany({
      [tokenAccount(this.profile, user)]: JSON.stringify(stored),
      [currentUserAccount(this.profile)]: JSON.stringify({ version: 1, user }),
    });
  }

  async #storedUser(): Promise<string | null> {
    const text = await this.#store.get(currentUserAccount(this.profile));
    // Stryker disable next-line ConditionalExpression: JSON.parse(null) is null, which the schema refuses too
    if (text === null) return null;
    try {
      const parsed = currentUserSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.user : null;
    } catch {
      return null;
    }
  }

  #setState(state: SessionStateName, message: string | null): void {
    if (state === this.#state && message === this.#message) return;
    this.#state = state;
    this.#message = message;
    this.emit('state', this.snapshot);
  }
}

/** A wait that keeps the process alive: a call is waiting for the renewal behind it. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
