/**
 * What refusing a hostile payload costs, against reading a valid one of the same size (issue 28):
 * the 8 MiB documents of the hostile corpus (4 million nested `[`, 4 million `- ` on one line,
 * 4 million tiny values for the plain reader and for the `yaml` package) through `qjob
 * validate`'s path, against 8 MiB of plain gates. Before, the nesting took 4.2 GB and died out of
 * heap after 113 s; its depth and node counts are now checked while the text is read.
 *
 * Time: our CPU time refusing / reading, interleaved in one process. Peak memory: each side in
 * a fresh process (`--fresh <case>`: its growth of resident memory over the run, as `measure`
 * sees it, printed as a row of its own), refusing / reading.
 */
import { spawnSync } from 'node:child_process';
import { DEFAULT_PARSE_LIMITS, documentToExecutePayload } from '../src/shared/yaml';
import { documentBytes, documentCases } from '../test/support/hostile-corpus';
import { gatePayload } from './fixtures';
import type { Measurement } from './harness';
import { MARK, interleaved, measure, reportRatio } from './harness';

interface Side {
  label: string;
  text: () => string;
  /** The problem code a refusal must carry; none for the valid document. */
  code?: string;
  /** Targets, refusing / reading: CPU time and peak memory. */
  atMost?: { time: number; memory: number };
}

const corpus = (id: string) => () => {
  const c = documentCases().find((d) => d.id === id);
  if (!c) throw new Error(`parsing-refusals bench: no case ${id} in the hostile corpus`);
  return documentBytes(c).toString('utf8');
};

const GATES: Side = {
  label: '8 MiB of plain gates, read',
  text: () => gatePayload(DEFAULT_PARSE_LIMITS.maxBytes - 1024),
};

const REFUSALS: Side[] = [
  {
    // The target of issue 28: a refusal at the 65th level costs next to nothing.
    label: '8 MiB of nested flow sequences, refused',
    text: corpus('doc-flow-nesting-8mib'),
    code: 'depth_limit',
    atMost: { time: 0.2, memory: 0.25 },
  },
  {
    label: '8 MiB of block sequences nested on one line, refused',
    text: corpus('doc-sequence-nesting-8mib'),
    code: 'depth_limit',
    atMost: { time: 0.2, memory: 0.25 },
  },
  {
    // Refused at a million nodes, which the plain reader has made by then (~150 bytes each):
    // bounded by the limit, whatever the size; about the time of reading the valid document.
    label: '8 MiB of tiny values, refused (plain reader)',
    text: corpus('doc-flat-values-8mib'),
    code: 'node_limit',
    atMost: { time: 1.5, memory: 4 },
  },
  {
    // Counted by the lexer alone before the `yaml` package builds anything.
    label: '8 MiB of tiny values, refused (the yaml package)',
    text: corpus('doc-flat-values-anchored-8mib'),
    code: 'node_limit',
    atMost: { time: 1.5, memory: 1 },
  },
];

/** Reads the text as `qjob validate` does; throws unless it ends as the side expects. */
function run(side: Side, text: string): void {
  const { payload, problems } = documentToExecutePayload('B', text, {}, { dialect: true });
  const first = problems.find((p) => p.severity === 'error');
  const ok = side.code ? first?.code === side.code : payload !== null;
  if (!ok) {
    throw new Error(
      `parsing-refusals bench: ${side.label}: expected ${side.code ?? 'no error'}, got ${first?.code} ${first?.message}`,
    );
  }
}

const ALL = [GATES, ...REFUSALS];

if (process.argv[2] === '--fresh') {
  // One side, alone in this process: its peak memory.
  const side = ALL.find((s) => s.label === process.argv[3]);
  if (!side) throw new Error(`parsing-refusals bench: no side ${process.argv[3]}`);
  const text = side.text();
  await measure(`${side.label} (a fresh process)`, {}, () => run(side, text));
} else {
  /** Runs one side in a fresh process; its row goes to the table, its measurement comes back. */
  const fresh = (side: Side): Measurement => {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, '--fresh', side.label],
      { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 },
    );
    if (child.status !== 0)
      throw new Error(`${side.label}: exited ${child.status}\n${child.stderr}`);
    const line = child.stdout.split('\n').find((l) => l.startsWith(MARK));
    if (!line) throw new Error(`${side.label}: no measurement`);
    process.stdout.write(`${line}\n`);
    return JSON.parse(line.slice(MARK.length)) as Measurement;
  };

  const gatesText = GATES.text();
  const gatesPeak = fresh(GATES).rssMiB;
  for (const side of REFUSALS) {
    const text = side.text();
    const t = await interleaved(
      { refused: () => run(side, text), read: () => run(GATES, gatesText) },
      3,
      'cpu',
    );
    reportRatio({
      section: 'parsing',
      name: `${side.label} / ${GATES.label}: CPU time`,
      value: t.refused! / t.read!,
      meaning: 'refusing time / reading time',
      target: { atMost: side.atMost!.time },
      detail: { refusedMs: Math.round(t.refused!), readMs: Math.round(t.read!) },
    });
    const peak = fresh(side).rssMiB;
    reportRatio({
      section: 'parsing',
      name: `${side.label} / ${GATES.label}: peak memory`,
      value: peak / gatesPeak,
      meaning: 'refusing peak / reading peak (fresh processes)',
      target: { atMost: side.atMost!.memory },
      detail: { refusedMiB: Math.round(peak), readMiB: Math.round(gatesPeak) },
    });
  }
}
