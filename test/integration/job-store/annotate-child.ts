/**
 * One process of the concurrent-writers case in shared-annotations.test.ts: opens the job store
 * of `<shell>` in `<cacheDir>` with the shared annotation file, tags jobs `<from>..<from+count-1>`
 * of a service profile one write at a time, and prints how many writes it made.
 */
import { openJobCache } from '../../../src/core/job-store';

const [cacheDir, shell, from, count] = process.argv.slice(2) as [string, string, string, string];
const warnings: string[] = [];
const log = {
  debug: () => undefined,
  info: () => undefined,
  warn: (m: string) => warnings.push(m),
  error: (m: string) => warnings.push(m),
};
const cache = await openJobCache(`${cacheDir}/jobs-${shell}.sqlite`, log, shell as 'web');
let written = 0;
for (let id = Number(from); id < Number(from) + Number(count); id++) {
  cache.annotations.changeTags('lab:B:http://service/api/v1', id, { add: [`from-${shell}`] });
  cache.annotations.setNote(
    'lab:B:http://service/api/v1',
    id,
    `note of ${id}`,
    new Date().toISOString(),
  );
  written++;
}
cache.close();
process.stdout.write(`${JSON.stringify({ written, warnings })}\n`);
