import path from 'node:path';
import { KeytarSecretStore } from '../core/auth/keytar-secret-store';
import { PlainFileSecretStore } from '../core/auth/file-secret-store';
import type { SecretStore } from '../core/auth/secret-store';
import { SecretStoreError } from '../core/auth/secret-store';
import { Session } from '../core/auth/session';
import { createServiceClient } from '../core/client/service-client';
import type { FetchLike } from '../core/client/transport';
import type { ServiceClient } from '../core/client/types';
import { CLIENT_VERSION } from '../core/client/user-agent';
import { tightenTree } from '../node-kit/fs/private-files';
import { SIMULATOR_CREDENTIALS } from '../simulator/auth/default-credentials';
import { defaultConfigDir, settingsFilePath } from '../core/profiles/config-dir';
import { clientOptionsForProfile, profileAudience } from '../core/profiles/connection';
import { requireProfile } from '../core/profiles/profiles';
import type { Profile } from '../core/profiles/schema';
import { profileSchema } from '../core/profiles/schema';
import { SettingsStore, describeSettingsProblem } from '../core/profiles/settings-store';
import { requireVariant } from './args';
import type { GlobalValues } from './args';
import type { VariantId } from '../shared/variants';
import { CommandFailure, UsageError } from './errors';
import { EXIT } from './exit-codes';
import { DeferredSecretStore } from './deferred-secret-store';
import { NO_KEYCHAIN_HINT, withNoKeychainHint } from './keychain-hint';
import type { CliIo } from './io';
import { oneLine } from './output/terminal-text';
import { quoted } from '../shared/text/quote';
import type { BuiltinSimulator } from './builtin-simulator';
import { MemorySecretStore } from '../core/auth/memory-secret-store';

const USER_AGENT = `qjob/${CLIENT_VERSION} (quantum-job-studio; node ${process.versions.node}; ${process.platform})`;

export interface Connection {
  profile: Profile & { baseUrl: string };
  /**
   * For a built-in simulator profile without --base-url: the simulator reached (the app's, or
   * one started for this command) and the login it takes. Null otherwise.
   */
  simulator: BuiltinSimulator | null;
  /** The key of this connection's login in the secret store. */
  profileKey: string;
  /** For messages: "prod (https://host/api/v1)". */
  label: string;
  /** Without a session: for login. */
  client: ServiceClient;
  configDir: string;
}

function configDirOf(io: CliIo): string {
  return defaultConfigDir(io.env);
}

function fetchOf(io: CliIo): FetchLike {
  return io.fetch ?? ((url, init) => fetch(url, init));
}

/**
 * The connection the global options name: `--profile NAME`, or `--base-url URL --variant A|B`
 * (also `QJOB_PROFILE`, `QJOB_BASE_URL` + `QJOB_VARIANT`), else the profile used last.
 */
/**
 * The profile the options name (or the last one used), without reaching its service: what a
 * command that sends nothing needs (`qjob submit --dry-run` asks only its variant).
 */
export async function resolveProfile(
  globals: GlobalValues,
  io: CliIo,
): Promise<{ profile: Profile; profileKey: string }> {
  const configDir = configDirOf(io);
  const profileName = globals.profile ?? (globals.baseUrl ? undefined : io.env.QJOB_PROFILE);
  const baseUrl = globals.baseUrl ?? (profileName ? undefined : io.env.QJOB_BASE_URL);
  const variant = requireVariant(
    '--variant',
    globals.variant ?? (globals.baseUrl || !profileName ? io.env.QJOB_VARIANT : undefined),
  );

  let profile: Profile;
  let profileKey: string;
  if (profileName || !baseUrl) {
    await tightenTree(settingsFilePath(configDir)); // owner-only, as every write makes it
    const store = new SettingsStore({ file: settingsFilePath(configDir) });
    const { settings, problem } = await store.load();
    if (problem) io.stderr(`warning: ${oneLine(describeSettingsProblem(problem))}\n`);
    const name = profileName ?? settings.app.lastProfile ?? undefined;
    if (!name) {
      throw new UsageError(
        'no connection given: pass --profile NAME (simulator-a or simulator-b for the built-in offline simulator), or --base-url URL --variant A|B',
      );
    }
    profile = requireProfile(settings, name);
    if (variant && variant !== profile.variant) {
      throw new UsageError(
        `--variant ${variant} contradicts profile '${profile.id}' (Variant ${profile.variant})`,
      );
    }
    if (baseUrl) profile = { ...profile, baseUrl };
    if (globals.audience !== undefined) profile = { ...profile, audience: globals.audience };
    profileKey = profile.id;
  } else {
    if (!variant) throw new UsageError('--base-url needs --variant A|B');
    const parsed = profileSchema.safeParse({
      id: 'url',
      name: baseUrl,
      baseUrl,
      variant,
      ...(globals.audience !== undefined ? { audience: globals.audience } : {}),
    });
    if (!parsed.success)
      throw new UsageError(
        `--base-url: ${parsed.error.issues[0]?.message ?? 'invalid'}: ${quoted(baseUrl, "'")}`,
      );
    profile = parsed.data;
    profileKey = `url:${baseUrl.replace(/\/+$/, '')}`;
  }
  return { profile, profileKey };
}

export async function resolveConnection(
  globals: GlobalValues,
  io: CliIo,
  overrides: { cancelPath?: string | undefined } = {},
): Promise<Connection> {
  return reachProfile(await resolveProfile(globals, io), io, overrides);
}

/** The connection of a profile `resolveProfile` found: its simulator reached when built in. */
export async function reachProfile(
  resolved: { profile: Profile; profileKey: string },
  io: CliIo,
  overrides: { cancelPath?: string | undefined } = {},
): Promise<Connection> {
  const configDir = configDirOf(io);
  let profile = resolved.profile;
  const { profileKey } = resolved;
  let simulator: BuiltinSimulator | null = null;
  if (profile.builtin === 'simulator' && !profile.baseUrl) {
    // Loaded only here: the simulator's code is large, and most connections never need it.
    const { reachBuiltinSimulator } = await import('./builtin-simulator');
    simulator = await reachBuiltinSimulator(configDir, profile.variant, io);
    profile = { ...profile, baseUrl: simulator.url };
  }
  if (overrides.cancelPath !== undefined) {
    const parsed = profileSchema.safeParse({
      ...profile,
      paths: { ...profile.paths, cancel: overrides.cancelPath },
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UsageError(
        `--cancel-path: ${issue?.message ?? 'invalid'}: '${overrides.cancelPath}' (e.g. /jobs/{id}/cancel)`,
      );
    }
    profile = parsed.data;
  }
  return connectionFor(profile, profileKey, simulator, configDir, io);
}

/** The connection of a resolved profile: its client, its label, where its files are. */
export function connectionFor(
  profile: Profile,
  profileKey: string,
  simulator: BuiltinSimulator | null,
  configDir: string,
  io: CliIo,
): Connection {
  const resolved = profile as Profile & { baseUrl: string };
  const adHoc = profile.id === 'url';
  const options = {
    ...clientOptionsForProfile(profile, { fetch: fetchOf(io), userAgent: USER_AGENT }),
    switchVariantHint: (detected: VariantId) =>
      adHoc
        ? `Run it again with --variant ${detected}.`
        : `Set profile '${profile.id}' to Variant ${detected} (Manage connections in the app), or use --base-url ${resolved.baseUrl} --variant ${detected}.`,
  };
  return {
    profile: resolved,
    simulator,
    profileKey,
    label: adHoc
      ? resolved.baseUrl
      : simulator
        ? `${profile.id} (${simulator.description}, ${resolved.baseUrl})`
        : `${profile.id} (${resolved.baseUrl})`,
    client: createServiceClient(options),
    configDir,
  };
}

/**
 * The OS keychain, or with `--no-keychain` (or QJOB_NO_KEYCHAIN=1) a plain owner-only file.
 * There is no silent fallback: a login kept in memory would be gone when the command ends, and
 * a plain file must be the person's explicit choice.
 */
async function openSecretStore(
  globals: GlobalValues,
  io: CliIo,
  configDir: string,
): Promise<SecretStore> {
  if (io.secretStore) return io.secretStore;
  if (globals.noKeychain || io.env.QJOB_NO_KEYCHAIN === '1') {
    const file = path.join(configDir, 'credentials.json');
    // Written owner-only; a file (and folder) an earlier version left readable is put right.
    await tightenTree(configDir, { recursive: false });
    await tightenTree(file);
    return new PlainFileSecretStore(file);
  }
  try {
    return withNoKeychainHint(await KeytarSecretStore.open());
  } catch (error) {
    if (error instanceof SecretStoreError && error.code === 'unavailable') {
      throw new CommandFailure(`${error.message}\n${NO_KEYCHAIN_HINT}`, EXIT.auth);
    }
    throw error;
  }
}

/**
 * The secret store `openSecretStore` would open, opened only when first used: `qjob login`
 * checks the credentials with the service before it touches the keychain.
 */
export function deferredSecretStore(
  globals: GlobalValues,
  io: CliIo,
  configDir: string,
): DeferredSecretStore {
  const plain = globals.noKeychain || io.env.QJOB_NO_KEYCHAIN === '1';
  return new DeferredSecretStore(
    () => openSecretStore(globals, io, configDir),
    io.secretStore ?? { kind: plain ? 'plain-file' : 'keychain', secure: !plain },
  );
}

/** The session of a connection, with its secret store (or the one given). */
/**
 * The connection named by the global options and its session for `work`; the session is let go
 * afterwards, whatever `work` does.
 */
export async function withSession<T>(
  globals: GlobalValues,
  io: CliIo,
  work: (session: Session, connection: Connection) => Promise<T>,
): Promise<T> {
  const connection = await resolveConnection(globals, io);
  const session = await openSession(connection, globals, io);
  try {
    return await work(session, connection);
  } finally {
    session.dispose();
  }
}

export async function openSession(
  connection: Connection,
  globals: GlobalValues,
  io: CliIo,
  options: { store?: SecretStore } = {},
): Promise<Session> {
  const store = options.store ?? (await openSecretStore(globals, io, connection.configDir));
  return new Session({
    client: connection.client,
    profile: connection.profileKey,
    audience: profileAudience(connection.profile),
    store,
  });
}

/**
 * A session with a login: the stored one, or for the built-in simulator profiles the
 * simulator's demo login. Otherwise exit 3 with what to run.
 */
export async function requireSession(
  connection: Connection,
  globals: GlobalValues,
  io: CliIo,
): Promise<Session> {
  if (connection.simulator) {
    // The simulator reached takes a key made for its launch: nothing to keep in a keychain
    // (the app keeps its own login to it in memory too), and none is asked for.
    const session = await openSession(connection, globals, io, { store: new MemorySecretStore() });
    const { user, apiKey } = connection.simulator.credentials;
    await session.login(user, apiKey, io.signal ? { signal: io.signal } : {});
    return session;
  }
  const session = await openSession(connection, globals, io);
  const restored = await session.restore();
  if (restored) return session;
  if (connection.profile.builtin === 'simulator') {
    await session.login(
      connection.profile.user ?? SIMULATOR_CREDENTIALS.user,
      SIMULATOR_CREDENTIALS.apiKey,
      {
        ...(io.signal ? { signal: io.signal } : {}),
      },
    );
    return session;
  }
  const hint = session.snapshot.message ? ` ${session.snapshot.message}` : '';
  throw new CommandFailure(
    `Not logged in to ${connection.label}.${hint} Run: qjob login ${loginArgs(globals)}`.trim(),
    EXIT.auth,
  );
}

function loginArgs(globals: GlobalValues): string {
  if (globals.profile) return `--profile ${globals.profile}`;
  if (globals.baseUrl) return `--base-url ${globals.baseUrl} --variant ${globals.variant ?? 'A|B'}`;
  return '';
}
