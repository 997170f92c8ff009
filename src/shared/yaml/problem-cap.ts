import type { Composer } from 'yaml';

/** The errors and warnings a composer made past its cap: counted, never made. */
export interface ProblemCap {
  errors: number;
  warnings: number;
  /** Offset of the first one left out, or -1. */
  offset: number;
}

type ErrorSource = number | readonly number[] | { offset: number; source?: string };
type OnError = (source: ErrorSource, code: string, message: string, warning?: boolean) => void;

function offsetOf(source: ErrorSource): number {
  if (typeof source === 'number') return source;
  if ('offset' in source) return source.offset;
  return source[0] ?? -1;
}

/**
 * Keeps at most `max` errors and `max` warnings of a composer, counting the rest instead (so a
 * document with an error always keeps one). Each is an Error object (about a kilobyte with its
 * stack) and then a problem: a megabyte of `,` in a flow sequence made a million of them, a
 * gigabyte. The `yaml` package reports every problem through its composer's `onError`, an
 * instance field it reads for each document; this wraps it, and fails loudly if a new version of
 * the package no longer has it.
 */
export function capComposerProblems(composer: Composer, max: number): ProblemCap {
  const target = composer as unknown as { onError?: OnError };
  const report = target.onError;
  if (typeof report !== 'function') {
    throw new Error('yaml: Composer has no onError to cap (see src/shared/yaml/problem-cap.ts)');
  }
  const cap: ProblemCap = { errors: 0, warnings: 0, offset: -1 };
  const kept = { errors: 0, warnings: 0 };
  target.onError = (source, code, message, warning) => {
    const kind = warning ? 'warnings' : 'errors';
    if (kept[kind] < max) {
      kept[kind]++;
      report(source, code, message, warning);
      return;
    }
    if (cap.errors + cap.warnings === 0) cap.offset = offsetOf(source);
    cap[kind]++;
  };
  return cap;
}
