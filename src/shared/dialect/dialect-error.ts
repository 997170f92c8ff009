import type { YamlSource } from './yaml-source';

export interface DialectErrorInit {
  /**
   * `error`: the dialect is certain the payload cannot run. `warning`: the simulator cannot run
   * it, but a real service may accept more (a tag or key the dialect does not know, a limit of
   * the simulator). The simulator refuses both; the editor blocks Submit only on errors.
   */
  severity?: 'error' | 'warning';
  /** A stable name for the kind of problem (`dialect.unknown_key`); `dialect` when not given. */
  code?: string;
  /** YAML path in the user's ExecutePayload, e.g. `sampling_payload.sampling.circuit.gates[1]`. */
  path: string;
  /** What the error is about, e.g. `gate !CNOT`; the one-line message reads "<subject> at <path>: <problem>". */
  subject?: string;
  problem: string;
  expected?: string;
  hint?: string;
  /** The YAML text the offset refers to; absent for errors that are not about a place in the text. */
  source?: YamlSource;
  /** Character offset within `source.text`. */
  offset?: number;
  /** Where the marked text ends (exclusive); the offset's line end when not given. */
  endOffset?: number;
}

/**
 * A payload the simulator cannot run. It is data, not a crash: it becomes the job's `error`
 * (one line) and `error_logs` (the full account a user needs to find and fix the spot).
 */
export class DialectError extends Error {
  readonly init: DialectErrorInit;

  constructor(init: DialectErrorInit) {
    super(oneLine(init));
    this.name = 'DialectError';
    this.init = init;
  }

  get path(): string {
    return this.init.path;
  }

  get severity(): 'error' | 'warning' {
    return this.init.severity ?? 'error';
  }

  /** The message without the path, for a marker that already sits on the place. */
  get text(): string {
    const { subject, problem, expected, hint } = this.init;
    const main = subject ? `${subject}: ${problem}` : problem;
    const more = [expected ? `expected ${expected}` : '', hint ?? ''].filter(Boolean);
    return [main, ...more].join('; ').replace(/\s*\n\s*/g, ' ');
  }

  /** 1-based line and column within the YAML string, when known. */
  get position(): { line: number; col: number } | undefined {
    const { source, offset } = this.init;
    if (!source || offset === undefined) return undefined;
    return source.lines.linePos(offset);
  }

  toErrorLogs(): string {
    const { path, expected, hint, source } = this.init;
    const out = [`error: ${this.message}`, `  path:     ${path}`];
    const pos = this.position;
    if (source && pos) {
      out.push(`  location: line ${pos.line}, column ${pos.col} of the ${source.label}`);
      out.push(...excerpt(source.text, pos.line, pos.col));
    } else if (source) {
      out.push(`  location: the ${source.label}`);
    }
    if (expected) out.push(`  expected: ${expected}`);
    if (hint) out.push(`  hint:     ${hint}`);
    return out.join('\n');
  }
}

function oneLine(init: DialectErrorInit): string {
  const text = init.subject
    ? `${init.subject} at ${init.path}: ${init.problem}`
    : `${init.path}: ${init.problem}`;
  // The `error` field is one line by contract; multi-line detail belongs in error_logs.
  return text.replace(/\s*\n\s*/g, ' ');
}

/** Two lines of context either side and a caret under the column, as compilers print it. */
function excerpt(text: string, line: number, col: number): string[] {
  const lines = text.split('\n');
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    out.push(`    ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`    ${' '.repeat(width)} | ${' '.repeat(Math.max(0, col - 1))}^`);
  }
  return out;
}
