import { VARIANTS } from '../../../../../shared/variants/declaration';
import type { VariantId } from '../../../../../shared/variants/declaration';
import type { ReadoutHint, ResultHints } from './models';
import { NO_HINTS } from './models';
import { parseResultTree } from '../../../../../shared/results/parse-result';
import { textOf } from '../../../../../shared/results/read';
import type { TNode } from '../../../../../shared/results/tree';
import {
  fieldOf,
  isSequence,
  itemAt,
  childCount,
  tagName,
} from '../../../../../shared/results/tree';

/*
 * The result names nothing: a time evolution's values are in the order of the payload's
 * observables, and a readout result in the order of the payload's readouts. The payload (a
 * JobDetail field, each functional object a YAML string) supplies the names.
 */

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(6)));
}

/** One observable as people write it: `"0.5 Z0 Z1 + X0"`, or terms `[{coefficient, paulis}]`. */
export function observableText(node: TNode | undefined): string | null {
  if (!node) return null;
  const text = textOf(node);
  if (text !== null) return text.trim();
  const term = (t: TNode): string | null => {
    const paulis = textOf(fieldOf(t, 'paulis'));
    if (paulis === null) return null;
    const c = fieldOf(t, 'coefficient');
    const coefficient = c?.kind === 'scalar' && typeof c.value === 'number' ? c.value : textOf(c);
    if (coefficient === null || coefficient === 1) return paulis;
    if (coefficient === -1) return `-${paulis}`;
    return `${typeof coefficient === 'number' ? formatNumber(coefficient) : coefficient} ${paulis}`;
  };
  if (node.kind === 'map') return term(node);
  if (isSequence(node)) {
    const parts: string[] = [];
    for (let i = 0; i < childCount(node); i++) {
      const t = term(itemAt(node, i)!);
      if (t === null) return null;
      parts.push(t);
    }
    return parts.join(' + ').replace(/\+ -/g, '- ');
  }
  return null;
}

function observableList(node: TNode | undefined): string[] | null {
  if (!node || !isSequence(node)) return null;
  const out: string[] = [];
  for (let i = 0; i < childCount(node); i++) {
    const text = observableText(itemAt(node, i));
    if (text === null) return null;
    out.push(text);
  }
  return out;
}

/**
 * The readouts a payload's `readout` holds: a list of readout objects (the friendly dialect),
 * one of them, or the SDK's `!Readout {_sampling, _expectation, _state_tomography}` (each
 * present one a readout, in that order).
 */
function readoutHints(readout: TNode): ReadoutHint[] {
  if (readout.kind === 'seq') return readout.items.map(readoutHint);
  if (isSequence(readout)) return [];
  if (tagName(readout.tag) !== 'Readout') return [readoutHint(readout)];
  const out: ReadoutHint[] = [];
  for (const key of ['sampling', 'expectation', 'state_tomography']) {
    const part = fieldOf(readout, key);
    if (part && !(part.kind === 'scalar' && part.value === null)) out.push(readoutHint(part));
  }
  return out;
}

/** The duration of an evolution: its schedule's `T` (friendly `T`, SDK `_T`), or null. */
function durationOf(node: TNode | null): number | null {
  if (!node) return null;
  if (tagName(node.tag) === 'VariationalProgram')
    return durationOf(fieldOf(node, 'functional') ?? null);
  const schedule = fieldOf(node, 'schedule');
  const t = schedule ? fieldOf(schedule, 'T') : undefined;
  return t?.kind === 'scalar' && typeof t.value === 'number' ? t.value : null;
}

function readoutHint(node: TNode): ReadoutHint {
  const nshots = fieldOf(node, 'nshots');
  return {
    tag: node.tag,
    observables: observableList(fieldOf(node, 'observables')),
    nshots: nshots?.kind === 'scalar' && typeof nshots.value === 'number' ? nshots.value : null,
  };
}

function parseOptional(text: unknown): TNode | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  try {
    return parseResultTree(text);
  } catch {
    return null;
  }
}

/** Observables of a time evolution, looking through a variational program to its functional. */
function functionalObservables(node: TNode | null): string[] | null {
  if (!node) return null;
  if (tagName(node.tag) === 'VariationalProgram') {
    const inner = fieldOf(node, 'functional');
    return inner ? functionalObservables(inner) : null;
  }
  return observableList(fieldOf(node, 'observables'));
}

/** What the job's payload (an ExecutePayload with YAML strings inside) says about its result. */
export function hintsFromPayload(
  variant: VariantId,
  executeType: string,
  payload: unknown,
): ResultHints {
  if (!payload || typeof payload !== 'object') return NO_HINTS;
  const kind = VARIANTS[variant].executeKinds.find((k) => k.executeType === executeType);
  if (!kind) return NO_HINTS;
  const inner = (payload as Record<string, unknown>)[kind.payloadField];
  if (!inner || typeof inner !== 'object') return NO_HINTS;
  const fields = inner as Record<string, unknown>;
  const functional = parseOptional(fields[kind.functionalField]);
  const readout = kind.readout ? parseOptional(fields.readout) : null;
  return {
    observables: functionalObservables(functional),
    readouts: readout ? readoutHints(readout) : [],
    duration: durationOf(functional),
    intermediate: executeType === 'quantum_reservoir' ? 'input' : 'step',
  };
}
