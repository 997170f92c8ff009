import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentCase, Expectation, FileCase } from './hostile-corpus';
import { HOSTILE_DIR, documentCases, fileCases, readIndex } from './hostile-corpus';
import type { SocketCase } from './hostile-socket';
import { socketCases } from './hostile-socket';

/**
 * docs/attacks-and-faults.md, rendered from the hostile corpus's indexes and the list of fault
 * tests (test/fixtures/hostile/faults.json). test/unit/hostile/attack-table.test.ts compares it
 * with the committed page, so the page says what the tests check and nothing else.
 */
export const ATTACK_TABLE_DOC = 'docs/attacks-and-faults.md';

/** The test file that runs each index against each consumer. */
export const CORPUS_TESTS = {
  editor: 'test/unit/hostile/documents-editor.test.ts',
  validate: 'test/integration/hostile/documents-validate.test.ts',
  simulator: 'test/integration/hostile/documents-simulator.test.ts',
  client: 'test/integration/hostile/wire-client.test.ts',
  socket: 'test/integration/hostile/socket-web.test.ts',
  aftermath: 'test/integration/hostile/aftermath.test.ts',
  filesQjob: 'test/integration/hostile/files-qjob.test.ts',
  filesApp: 'test/unit/hostile/files-app.test.ts',
} as const;

export interface FaultRow {
  what: string;
  happens: string;
  /** The test file that checks it, and a string of that file naming the case. */
  test: string;
  contains: string;
}

export interface WireRow {
  id: string;
  what: string;
  expect: Expectation;
}

export function faultRows(): FaultRow[] {
  const text = readFileSync(path.join(HOSTILE_DIR, 'faults.json'), 'utf8');
  return (JSON.parse(text) as { faults: FaultRow[] }).faults;
}

/** Table cell text: no pipe ends the cell, no underscore or star turns into emphasis. */
const cell = (text: string) => text.replace(/([|_*\\`<>[\]])/g, '\\$1').replace(/\n/g, ' ');
/** Words of the app as a code span (in a table, a pipe still needs its backslash). */
const code = (text: string) => `\`${text.replace(/\|/g, '\\|').replace(/`/g, "'")}\``;
const quote = (message?: string) => (message ? `: ${code(message)}` : '');

function verdict(e: Expectation, accepted = 'accepted'): string {
  if (e.outcome === 'accepted') return accepted;
  return `${e.outcome} ${code(e.code ?? '')}${quote(e.message)}`;
}

function simulatorVerdict(c: DocumentCase): string {
  const s = c.simulator;
  const sent = s.raw ? 'sent as written: ' : '';
  if (s.status !== 200) return `${sent}refused with ${s.status}${quote(s.message)}`;
  if (s.job === 'completed') return `${sent}job completes`;
  return `${sent}job ends in error${quote(s.message)}`;
}

function socketVerdict(c: SocketCase): string {
  const [kind, code = ''] = c.expect.code?.split(' ') ?? [];
  const said = quote(c.expect.message);
  if (kind === 'http') return `upgrade refused with HTTP ${code}${said}`;
  if (kind === 'close') return `that socket alone closed with ${code}${said}`;
  return `answered ${code}${said}`;
}

function fileInput(c: FileCase): string {
  const i = c.input;
  if ('file' in i) return code(i.file);
  if ('path' in i) return code(i.path);
  if ('stdin' in i) return 'standard input';
  return 'built';
}

const fileVerdict = (c: FileCase) =>
  `\`qjob ${c.qjob.argv.join(' ')}\`${c.qjob.tty ? ' on a terminal' : ''}: exit ${c.qjob.exit}${quote(c.qjob.says)}`;

function fileAppVerdict(c: FileCase): string {
  if (!c.app) return '—';
  const reader = c.app.reader === 'payload' ? 'File → Open' : 'opened as a bundle';
  return `${reader}: ${c.app.outcome}${quote(c.app.message)}`;
}

const table = (head: string[], rows: string[][]) =>
  [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');

export function renderAttackTable(): string {
  const t = CORPUS_TESTS;
  const docs = documentCases().map((c) => [
    `\`${c.id}\``,
    cell(c.what),
    verdict(c.editor),
    simulatorVerdict(c),
  ]);
  const wire = readIndex<WireRow>('wire').map((c) => [
    `\`${c.id}\``,
    cell(c.what),
    verdict(c.expect, 'decoded'),
  ]);
  const socket = socketCases().map((c) => [`\`${c.id}\``, cell(c.what), socketVerdict(c)]);
  const files = fileCases().map((c) => [
    `\`${c.id}\``,
    cell(c.what),
    fileInput(c),
    fileVerdict(c),
    fileAppVerdict(c),
  ]);
  const faults = faultRows().map((f) => [cell(f.what), cell(f.happens), `\`${f.test}\``]);
  return `# Attacks and faults

Every attack and fault the tests try, and what happens. This page is generated from the hostile
corpus (\`test/fixtures/hostile/\`: one index per kind, each case with its expected outcome) and
the list of fault tests (\`test/fixtures/hostile/faults.json\`) by
\`test/unit/hostile/attack-table.test.ts\`, which fails when this page differs from them; \`QJOB_UPDATE_DOCS=1 npx vitest run --project unit
test/unit/hostile/attack-table.test.ts\` rewrites it. Codes are the problem codes the
editor and \`qjob validate\` show, or the service client's error codes. Memory after the attacks
is checked too (last section).

## Hostile payload documents

Run against the editor's validation, \`qjob validate\` (the same verdict with the same codes, and
no control character of the document printed raw) and a real simulator's \`POST /execute\`. A
document the app refuses to send is sent to the simulator anyway, its functional object as
written, as a client that skips the app's checks would. Tests: \`${t.editor}\`,
\`${t.validate}\`, \`${t.simulator}\`.

${table(['Case', 'What', 'Editor and qjob validate', 'Simulator'], docs)}

## Hostile service answers

A real HTTP server on loopback answers the real service client (\`${t.client}\`). "Decoded, noted"
means the call succeeds and the part that did not fit is reported with the record.

${table(['Case', 'What', 'Service client'], wire)}

## Browser mode's socket

Upgrades and frames sent to a real \`qjob web\` server (\`${t.socket}\`); after all of them it
still answers a page.

${table(['Case', 'What', 'Server'], socket)}

## Hostile files

Payload files, bundles and standard input as \`qjob\` reads them (\`${t.filesQjob}\`, in-process:
standard input stops being fed at 256 MB, and none may be read past its limit) and as the app
does (\`${t.filesApp}\`): each ends as said, with nothing of it printed as a control
character.

${table(['Case', 'What', 'Input', 'qjob', 'The app'], files)}

## Faults and other attacks

${table(['What', 'What happens', 'Checked by'], faults)}
`;
}
