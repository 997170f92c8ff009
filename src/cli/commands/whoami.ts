import { GLOBAL_HELP, noPositionals, commandArgs } from '../args';
import { withSession } from '../connection';
import { CommandFailure } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { renderFields } from '../output/table';
import { runCommand } from '../run-command';

export const WHOAMI_USAGE = `usage: qjob whoami [connection options]

Prints who is logged in to a connection and until when. Never prints a token.
Exit code 3 when nobody is.

${GLOBAL_HELP}
`;

function inWords(ms: number): string {
  if (ms <= 0) return 'expired; it is renewed on the next call';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'in less than a minute';
  if (minutes < 120) return `in ${minutes} min`;
  return `in ${Math.round(minutes / 60)} h`;
}

export async function runWhoamiCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'whoami',
    WHOAMI_USAGE,
    io,
    () => commandArgs(argv, {}),
    async ({ globals, positionals }) => {
      noPositionals(positionals);
      return withSession(globals, io, async (session, connection) => {
        const who = await session.restore();
        if (!who) {
          const why = session.snapshot.message ? ` ${session.snapshot.message}` : '';
          throw new CommandFailure(`Not logged in to ${connection.label}.${why}`, EXIT.auth);
        }
        const store = session.snapshot.secretStore;
        if (globals.json) {
          io.stdout(
            toJson({
              user: who.user,
              profile: connection.profile.id === 'url' ? null : connection.profile.id,
              base_url: connection.profile.baseUrl,
              variant: connection.profile.variant,
              expires_at: who.expiresAt,
              secret_store: store,
            }),
          );
        } else {
          io.stdout(
            renderFields([
              ['user', who.user],
              ['connection', connection.label],
              ['variant', connection.profile.variant],
              ['expires', `${who.expiresAt} (${inWords(Date.parse(who.expiresAt) - Date.now())})`],
              ['kept in', `${store.kind}${store.secure ? '' : ' (not secure)'}`],
            ]),
          );
        }
        return EXIT.ok;
      });
    },
  );
}
