import { GLOBAL_HELP, noPositionals, parseCommandArgs } from '../args';
import { requireOrUsage } from '../prompt';
import { resolveConnection, openSession } from '../connection';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { readAll } from '../io';
import { toJson } from '../output/json';
import { runCommand } from '../run-command';

export const LOGIN_USAGE = `usage: qjob login [--user U] [--api-key-stdin] [connection options]

Logs in with a user name and API key and keeps the login in the OS keychain
(service "quantum-job-studio"), so later commands need no login.

  --user U          user name (default: $QJOB_USER, else the profile's user)
  --api-key-stdin   read the API key from standard input (default: $QJOB_API_KEY)
The API key is never accepted as a command-line argument: other users could see it.

${GLOBAL_HELP}
`;

export async function runLoginCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand('login', LOGIN_USAGE, io, async () => {
    const { globals, values, positionals } = parseCommandArgs(argv, {
      user: { type: 'string' },
      'api-key-stdin': { type: 'boolean' },
    });
    if (globals.help) {
      io.stdout(LOGIN_USAGE);
      return EXIT.ok;
    }
    noPositionals(positionals);
    const connection = await resolveConnection(globals, io);
    const user = requireOrUsage(
      values.user ?? io.env.QJOB_USER ?? connection.profile.user,
      'no user name: pass --user U or set QJOB_USER',
    );
    let apiKey: string | undefined;
    if (values['api-key-stdin']) {
      if (!io.stdin) throw new Error('standard input is not available');
      apiKey = (await readAll(io.stdin)).replace(/\r?\n$/, '');
    } else {
      apiKey = io.env.QJOB_API_KEY;
    }
    apiKey = requireOrUsage(
      apiKey,
      'no API key: pass --api-key-stdin (and pipe it in) or set QJOB_API_KEY',
    );

    const session = await openSession(connection, globals, io, { warnInsecure: true });
    try {
      const who = await session.login(user, apiKey, io.signal ? { signal: io.signal } : {});
      const store = session.snapshot.secretStore;
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
          `Logged in to ${connection.label} as ${who.user}; the login is kept in ${where} until ${who.expiresAt}.\n`,
        );
      }
      return EXIT.ok;
    } finally {
      session.dispose();
    }
  });
}
