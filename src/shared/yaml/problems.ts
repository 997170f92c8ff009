import type { LineCounter } from 'yaml';

/** A finding about a payload document, positioned for an editor marker (1-based, end exclusive). */
export interface YamlProblem {
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** Dotted path of the node concerned (`sampling_payload.sampling`), when known. */
  path?: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** `yaml`'s own error code (`BAD_INDENT`, `DUPLICATE_KEY`, ...) or ours (`alias_limit`, `schema.invalid_type`, `code_bearing_tag`, ...). */
  code: string;
}

/** A span of the source, as offsets and as 1-based lines/columns (end exclusive). */
export interface SourceRange {
  offset: number;
  endOffset: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function sourceRange(
  lineCounter: LineCounter,
  offset: number,
  endOffset: number,
): SourceRange {
  const start = lineCounter.linePos(offset);
  const end = lineCounter.linePos(Math.max(offset, endOffset));
  return {
    offset,
    endOffset,
    line: start.line,
    column: start.col,
    endLine: end.line,
    endColumn: end.col,
  };
}

export function problemAt(
  range: SourceRange,
  severity: YamlProblem['severity'],
  code: string,
  message: string,
  path?: string,
): YamlProblem {
  const problem: YamlProblem = {
    severity,
    message,
    line: range.line,
    column: range.column,
    endLine: range.endLine,
    endColumn: range.endColumn,
    code,
  };
  if (path !== undefined) problem.path = path;
  return problem;
}

export function hasErrors(problems: readonly YamlProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
