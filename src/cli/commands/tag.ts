import { AnnotationsNotKeptError, TooManyTagsError } from '../../core/annotations/types';
import { tagProblem, tagSchema } from '../../shared/annotations';
import { GLOBAL_HELP, commandArgs, requireInt } from '../args';
import { resolveConnection } from '../connection';
import { CommandFailure, UsageError } from '../errors';
import { EXIT } from '../exit-codes';
import type { CliIo } from '../io';
import { openCliJobStore } from '../job-store';
import { requireKnownJob } from '../known-job';
import { toJson } from '../output/json';
import { runCommand } from '../run-command';

export const TAG_USAGE = `usage: qjob tag ID [TAG...] [--remove] [connection options]

Adds tags to a job (or with --remove takes them off) and prints its tags. Without
TAG, prints them. A job is tagged only when it exists: one the local store does
not know is looked up at the service first. Tags are kept on this computer (the service does not know them),
per connection; find tagged jobs with "qjob jobs --tag TAG".

A tag has 1 to 40 letters, digits, ".", "_", "-" or "/", starts with a letter or
digit, and is kept in lower case. A job has at most 20 tags.

  --remove   take these tags off the job

--json prints {"id": ID, "tags": [...]}.

${GLOBAL_HELP}
`;

export async function runTagCommand(argv: string[], io: CliIo): Promise<number> {
  return runCommand(
    'tag',
    TAG_USAGE,
    io,
    () =>
      commandArgs(argv, {
        remove: { type: 'boolean' },
      }),
    async ({ globals, values, positionals }) => {
      const [rawId, ...rawTags] = positionals;
      if (rawId === undefined) throw new UsageError('missing job ID');
      const id = requireInt('job ID', rawId, 0) as number;
      const problems = rawTags.map(tagProblem).filter((p) => p !== null);
      if (problems.length) throw new UsageError(problems.join('; '), { pointToHelp: false });
      if (values.remove && rawTags.length === 0)
        throw new UsageError('--remove needs the tags to remove');
      const tags = rawTags.map((t) => tagSchema.parse(t));
      const connection = await resolveConnection(globals, io);
      const store = await openCliJobStore(connection, io, { tagsAndNotes: true });
      try {
        if (!values.remove && tags.length > 0)
          await requireKnownJob(connection, store, id, globals, io, 'no tag was added');
        const notes = store.cache.annotations;
        const now =
          tags.length === 0
            ? notes.annotations(store.key, id).tags
            : notes.changeTags(store.key, id, values.remove ? { remove: tags } : { add: tags });
        if (globals.json) io.stdout(toJson({ id, tags: now }));
        else io.stdout(now.length ? `Job ${id}: ${now.join(', ')}\n` : `Job ${id} has no tags.\n`);
        return EXIT.ok;
      } catch (error) {
        if (error instanceof TooManyTagsError || error instanceof AnnotationsNotKeptError)
          throw new CommandFailure(error.message, EXIT.failed);
        throw error;
      } finally {
        store.close();
      }
    },
  );
}
