import type { TNode } from './tree';

/*
 * Why this exists: the `yaml` package needs about a minute to compose a sampling result with
 * 2^20 outcomes (and seconds for 50k), which would freeze the viewer. Results are dominated by
 * long, boring runs of one line per item: `"0101": 3` counts, `- !complex {real: .., imag: ..}`
 * points, `- [t, v1, v2]` rows, and one-line `[0, 4, 8, ...]` sweeps. This pass lifts such runs
 * out of the text into compact arrays and leaves a one-line placeholder (a scalar carrying a
 * per-parse tag) where they were. The small rest (the skeleton) is then composed with the
 * `yaml` Document API as usual. Nothing is evaluated: the pass only reads keys as text and
 * numbers with `Number`, and a line that does not match exactly stays in the skeleton.
 */

/** Runs shorter than this stay in the text: the Document API is fast enough for them. */
export const BULK_RUN_MIN = 200;

export interface BulkScan {
  skeleton: string;
  /** The placeholder tag; a scalar `!<tag> "<n>"` stands for `bulks[n]`. */
  bulkTag: string;
  bulks: TNode[];
  /** Skeleton line (1-based) after which `removed` original lines were folded, for messages. */
  folds: Array<{ afterLine: number; removed: number }>;
}

const NUM = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)`;
const KEY = String.raw`"[^"\\\n]*"|'(?:[^'\n]|'')*'|[A-Za-z0-9_][A-Za-z0-9_.+\-]*`;
// YAML needs whitespace before a comment's `#`. Patterns are sticky and multi-line: each is
// tried at a line's start inside the whole text, so no line is ever copied out of it.
const TAIL = String.raw`(?:[ \t]+#[^\n]*)?[ \t]*\r?$`;
const line = (body: string) => new RegExp(body + TAIL, 'my');

const MAP_ENTRY = line(String.raw`( *)(${KEY}):[ \t]+(${NUM})`);
const SEQ_NUMBER = line(String.raw`( *)-[ \t]+(${NUM})`);
const SEQ_ROW = line(String.raw`( *)-[ \t]+\[([^\]#\n]*)\]`);
const SEQ_COMPLEX = line(
  String.raw`( *)-[ \t]+(!complex)[ \t]+\{[ \t]*(real|imag)[ \t]*:[ \t]*(${NUM})[ \t]*,[ \t]*(real|imag)[ \t]*:[ \t]*(${NUM})[ \t]*,?[ \t]*\}`,
);
const FLOW_LINE = line(String.raw`( *(?:-[ \t]+)?(?:${KEY})[ \t]*:[ \t]+)\[([^\]#\n]*)\]`);
const NUM_ONLY = new RegExp(String.raw`^[ \t]*(${NUM})[ \t]*$`);
/** A line that opens a block scalar (`key: |`, `- >-`): its content lines are text, not items. */
const BLOCK_SCALAR_HEAD = /(?:^[ \t]*-|:|[ \t]!\S*)[ \t]*[|>][-+1-9]{0,2}(?:[ \t]+#.*)?[ \t]*\r?$/;

/** A YAML 1.2 core number as written → its value. */
export function yamlNumber(text: string): number {
  const t = text.trim();
  const lower = t.toLowerCase();
  if (lower === '.nan') return NaN;
  if (lower === '.inf' || lower === '+.inf') return Infinity;
  if (lower === '-.inf') return -Infinity;
  return Number(t);
}

/** The numbers of a flow sequence's inside (`1, 2.5, -3`), or null if any item is not a number. */
function flowNumbers(inside: string): number[] | null {
  const parts = inside.split(',');
  // A trailing comma is allowed in a flow sequence.
  if (parts.length > 1 && parts[parts.length - 1]!.trim() === '') parts.pop();
  if (parts.length === 1 && parts[0]!.trim() === '') return [];
  const out = new Array<number>(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const m = NUM_ONLY.exec(parts[i]!);
    if (!m) return null;
    out[i] = yamlNumber(m[1]!);
  }
  return out;
}

function keyText(raw: string): string {
  if (raw.startsWith('"')) return raw.slice(1, -1);
  if (raw.startsWith("'")) return raw.slice(1, -1).replace(/''/g, "'");
  return raw;
}

type RunKind = 'map' | 'number' | 'row' | 'complex';

interface Run {
  kind: RunKind;
  indent: number;
  count: number;
  width: number;
  keys: string[];
  a: number[];
  b: number[];
  itemTag: string | null;
}

interface LineMatch {
  kind: RunKind;
  indent: number;
  key?: string;
  numbers: number[];
  itemTag?: string;
}

function exec(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** The item that the line starting at `at` holds, if it is one of the simple forms. */
function matchLine(text: string, at: number): LineMatch | null {
  let m = exec(MAP_ENTRY, text, at);
  if (m)
    return { kind: 'map', indent: m[1]!.length, key: keyText(m[2]!), numbers: [yamlNumber(m[3]!)] };
  m = exec(SEQ_NUMBER, text, at);
  if (m) return { kind: 'number', indent: m[1]!.length, numbers: [yamlNumber(m[2]!)] };
  m = exec(SEQ_COMPLEX, text, at);
  if (m && m[3] !== m[5]) {
    const first = yamlNumber(m[4]!);
    const second = yamlNumber(m[6]!);
    const [re, im] = m[3] === 'real' ? [first, second] : [second, first];
    return { kind: 'complex', indent: m[1]!.length, numbers: [re, im], itemTag: m[2]! };
  }
  m = exec(SEQ_ROW, text, at);
  if (m) {
    const numbers = flowNumbers(m[2]!);
    if (numbers && numbers.length > 0) return { kind: 'row', indent: m[1]!.length, numbers };
  }
  return null;
}

function fits(run: Run, match: LineMatch): boolean {
  return (
    run.kind === match.kind &&
    run.indent === match.indent &&
    (run.kind !== 'row' || run.width === match.numbers.length)
  );
}

function startRun(match: LineMatch): Run {
  const run: Run = {
    kind: match.kind,
    indent: match.indent,
    count: 0,
    width: match.numbers.length,
    keys: [],
    a: [],
    b: [],
    itemTag: match.itemTag ?? null,
  };
  return run;
}

function addToRun(run: Run, match: LineMatch): void {
  run.count++;
  if (run.kind === 'map') run.keys.push(match.key!);
  if (run.kind === 'complex') {
    run.a.push(match.numbers[0]!);
    run.b.push(match.numbers[1]!);
  } else {
    for (const n of match.numbers) run.a.push(n);
  }
}

function runNode(run: Run): TNode {
  switch (run.kind) {
    case 'map':
      return { kind: 'counts', tag: null, keys: run.keys, values: Float64Array.from(run.a) };
    case 'number':
      return { kind: 'numbers', tag: null, values: Float64Array.from(run.a) };
    case 'row':
      return { kind: 'rows', tag: null, width: run.width, values: Float64Array.from(run.a) };
    case 'complex':
      return {
        kind: 'complexes',
        tag: null,
        itemTag: run.itemTag,
        re: Float64Array.from(run.a),
        im: Float64Array.from(run.b),
      };
  }
}

function newNonce(text: string): string {
  for (;;) {
    const bytes = new Uint8Array(6);
    globalThis.crypto.getRandomValues(bytes);
    const nonce = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    if (!text.includes(nonce)) return nonce;
  }
}

/** Lift long runs out of `text` (see the note at the top). Texts without such runs come back unchanged. */
export function scanBulk(text: string, runMin = BULK_RUN_MIN): BulkScan {
  const bulkTag = `!qjob-bulk-${newNonce(text)}`;
  const bulks: TNode[] = [];
  const folds: BulkScan['folds'] = [];
  // The skeleton is the text with some line ranges replaced: copy the rest in slices.
  const out: string[] = [];
  let copied = 0;
  let folded = 0;
  let run: (Run & { from: number; to: number; line: number }) | null = null;
  let blockIndent = -1;

  /** Replace [from, to) — `lines` lines starting at original line `line` (1-based) — by one line. */
  const replace = (from: number, to: number, line: number, lines: number, replacement: string) => {
    out.push(text.slice(copied, from), replacement);
    copied = to;
    if (lines > 1) folds.push({ afterLine: line - folded, removed: lines - 1 });
    folded += lines - 1;
  };
  const flush = () => {
    if (run && run.count >= runMin) {
      const id = bulks.length;
      const pad = ' '.repeat(run.indent);
      const placeholder =
        run.kind === 'map'
          ? `${pad}"${bulkTag.slice(1)}-${id}": ${bulkTag} "${id}"`
          : `${pad}- ${bulkTag} "${id}"`;
      replace(run.from, run.to, run.line, run.count, placeholder);
      bulks.push(runNode(run));
    }
    run = null;
  };

  for (let at = 0, lineNo = 1; at <= text.length; lineNo++) {
    const next = text.indexOf('\n', at);
    const end = next < 0 ? text.length : next;
    let indent = 0;
    while (text.charCodeAt(at + indent) === 32) indent++;
    if (blockIndent >= 0) {
      const blank = /^[ \t\r]*$/.test(text.slice(at + indent, end));
      if (blank || indent > blockIndent) {
        if (next < 0) break;
        at = next + 1;
        continue;
      }
      blockIndent = -1;
    }
    const match = matchLine(text, at);
    if (match && run && fits(run, match)) {
      addToRun(run, match);
      run.to = end;
    } else {
      flush();
      if (match) {
        run = { ...startRun(match), from: at, to: end, line: lineNo };
        addToRun(run, match);
      } else {
        if (end - at >= runMin * 2) {
          const flow = exec(FLOW_LINE, text, at);
          const numbers = flow ? flowNumbers(flow[2]!) : null;
          if (flow && numbers && numbers.length >= runMin) {
            const id = bulks.length;
            bulks.push({ kind: 'numbers', tag: null, values: Float64Array.from(numbers) });
            replace(at, end, lineNo, 1, `${flow[1]!}${bulkTag} "${id}"`);
          }
        }
        if (BLOCK_SCALAR_HEAD.test(text.slice(at, end))) blockIndent = indent;
      }
    }
    if (next < 0) break;
    at = next + 1;
  }
  flush();
  if (!bulks.length) return { skeleton: text, bulkTag, bulks, folds };
  out.push(text.slice(copied));
  return { skeleton: out.join(''), bulkTag, bulks, folds };
}

/** The original line of a skeleton line, undoing the folds before it. */
export function originalLine(scan: Pick<BulkScan, 'folds'>, skeletonLine: number): number {
  let line = skeletonLine;
  for (const fold of scan.folds) if (fold.afterLine < skeletonLine) line += fold.removed;
  return line;
}
