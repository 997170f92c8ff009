import { GLOBAL_HELP, noPositionals, commandArgs } from '../args';
import { requireOrUsage } from '../prompt';
import { deferredSecretStore, openSession, resolveConnection } from '../connection';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { readAll } from '../io';
import { toJson } from '../output/json';
import { oneLine } from '../output/terminal-text';
import { PlainFileSecretStore } from '../../core/auth/file-secret-store';
import { probeVariant } from '../../core/client/variant-probe';
import { runCommand } from '../run-command';
import { UsageError } from '../errors';

export const LOGIN_USAGE = `usage: qjob login [--user U] [--api-key-stdin] [connection options]

Logs in with a user name and API key and keeps the login in the OS keychain
(service "quantum-job-studio"), so later commands need no login.

  --user U          user name (default: $QJOB_USER, else the profile's user)
  --api-key-stdin   read the API key from standard input (default: $QJOB_API_KEY)
The API key is never accepted as a command-line argument: other users could see it.

${GLOBAL_HELP}
`;

export async function runLoginCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'login',
    LOGIN_USAGE,
    io,
    () =>
      commandArgs(argv, {
        user: { type: 'string' },
        'api-key-stdin': { type: 'boolean' },
      }),
    async ({ globals, values, positionals }) => {
      noPositionals(positionals);
      const connection = await resolveConnection(globals, io);
      const user = requireOrUsage(
        values.user ?? io.env.QJOB_USER ?? connection.profile.user,
        'no user name: pass --user U or set QJOB_USER',
      );
      let apiKey: string | undefined;
      if (values['api-key-stdin']) {
        if (!io.stdin) throw new UsageError('--api-key-stdin: standard input is not available');
        apiKey = (await readAll(io.stdin)).replace(/\r?\n$/, '');
      } else {
        apiKey = io.env.QJOB_API_KEY;
      }
      apiKey = requireOrUsage(
        apiKey,
        'no API key: pass --api-key-stdin (and pipe it in) or set QJOB_API_KEY',
      );

      // The credentials are checked with the service before the keychain is opened: a wrong key
      // is said to be wrong, and nothing is said about where a login is kept until one is.
      const deferred = deferredSecretStore(globals, io, connection.configDir);
      const session = await openSession(connection, globals, io, { store: deferred });
      const call = io.signal ? { signal: io.signal } : {};
      try {
        const who = await session.login(user, apiKey, call);
        const store = session.snapshot.secretStore;
        const opened = deferred.opened;
        if (!store.secure) {
          const where = opened instanceof PlainFileSecretStore ? ` in ${opened.file}` : '';
          io.stderr(
            `warning: the login is kept without the OS keychain${where}: anyone who can read that file can use it\n`,
          );
        }
        if (globals.json) {
          io.stdout(
            toJson({
              user: who.user,
              profile: connection.profile.id === 'url' ? null : connection.profile.id,
              base_url: connection.profile.baseUrl,
              expires_at: who.expiresAt,
              secret_store: store,
            }),
          );
        } else {
          const where =
            store.kind === 'keychain'
              ? 'the OS keychain'
              : store.kind === 'plain-file'
                ? 'a plain file'
                : `${store.kind} storage`;
          io.stdout(
            `Logged in to ${connection.label} as ${oneLine(who.user)}; the login is kept in ${where} until ${who.expiresAt}.\n`,
          );
        }
        // A token looks the same in both variants: the job records tell which one the service
        // speaks. A mismatch keeps the login (it is right) and exits non-zero with how to switch.
        const probe = await probeVariant(session.client, call);
        if (probe.outcome === 'mismatch' && probe.error) throw probe.error;
        return EXIT.ok;
      } finally {
        session.dispose();
      }
    },
  );
}
