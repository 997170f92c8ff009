import { GLOBAL_HELP, noPositionals, commandArgs } from '../args';
import { withSession } from '../connection';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { toJson } from '../output/json';
import { runCommand } from '../run-command';

export const LOGOUT_USAGE = `usage: qjob logout [connection options]

Forgets the login of a connection and deletes it from the keychain.

${GLOBAL_HELP}
`;

export async function runLogoutCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'logout',
    LOGOUT_USAGE,
    io,
    () => commandArgs(argv, {}),
    async ({ globals, positionals }) => {
      noPositionals(positionals);
      return withSession(globals, io, async (session, connection) => {
        const before = await session.restore();
        const { deleted } = await session.logout();
        if (globals.json)
          io.stdout(toJson({ logged_out: before !== null || deleted, user: before?.user ?? null }));
        else if (before || deleted) {
          io.stdout(
            `Logged out of ${connection.label}${before ? ` (${before.user})` : ''}; the stored login was deleted.\n`,
          );
        } else io.stdout(`Not logged in to ${connection.label}; nothing to delete.\n`);
        return EXIT.ok;
      });
    },
  );
}
