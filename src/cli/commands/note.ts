import { AnnotationsNotKeptError } from '../../core/annotations/types';
import { NOTE_MAX_CHARS, noteSchema } from '../../shared/annotations';
import { GLOBAL_HELP, commandArgs, requireInt } from '../args';
import { resolveConnection } from '../connection';
import { CommandFailure, UsageError } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { openCliJobStore } from '../job-store';
import { requireKnownJob } from '../known-job';
import { toJson } from '../output/json';
import { printable } from '../output/terminal-text';
import { runCommand } from '../run-command';

export const NOTE_USAGE = `usage: qjob note ID [TEXT] [--clear] [connection options]

Sets a job's note (kept on this computer, per connection) to TEXT, or prints it
without TEXT. A note holds up to ${NOTE_MAX_CHARS.toLocaleString('en')} characters. It is kept only for a
job that exists: one the local store does not know is looked up at the service.

  --clear   remove the note

--json prints {"id": ID, "note": TEXT, "updated_at": ISO or null}.

${GLOBAL_HELP}
`;

export async function runNoteCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'note',
    NOTE_USAGE,
    io,
    () =>
      commandArgs(argv, {
        clear: { type: 'boolean' },
      }),
    async ({ globals, values, positionals }) => {
      const [rawId, ...words] = positionals;
      if (rawId === undefined) throw new UsageError('missing job ID');
      const id = requireInt('job ID', rawId, 0) as number;
      if (values.clear && words.length) throw new UsageError('--clear takes no TEXT');
      const text = words.join(' ');
      const checked = noteSchema.safeParse(text);
      if (!checked.success) throw new UsageError(`the note: ${checked.error.issues[0]?.message}`);
      const connection = await resolveConnection(globals, io);
      const store = await openCliJobStore(connection, io, { tagsAndNotes: true });
      try {
        const notes = store.cache.annotations;
        if (!values.clear && words.length)
          await requireKnownJob(connection, store, id, globals, io, 'the note was not kept');
        if (values.clear || words.length) {
          try {
            notes.setNote(store.key, id, values.clear ? '' : text, new Date().toISOString());
          } catch (error) {
            if (error instanceof AnnotationsNotKeptError)
              throw new CommandFailure(error.message, EXIT.failed);
            throw error;
          }
        }
        const now = notes.annotations(store.key, id);
        if (globals.json) io.stdout(toJson({ id, note: now.note, updated_at: now.noteUpdatedAt }));
        else if (now.note) io.stdout(`${printable(now.note, { multiline: true })}\n`);
        else io.stdout(`Job ${id} has no note.\n`);
        return EXIT.ok;
      } finally {
        store.close();
      }
    },
  );
}
