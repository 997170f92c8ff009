import { analyzeExperiment } from '../analysis/experiment-analysis';
import { keysOf, objectDecl } from '../dialect/declaration';
import type { ExperimentTag } from '../dialect/experiments';
import { ShapeError } from '../results/read';
import { readExperimentData } from '../results/experiment-data';
import { ResultParseError, parseResultTree } from '../results/parse-result';
import type { TNode } from '../results/tree';
import { fieldOf, tagName } from '../results/tree';
import { executeKind } from '../variants/declaration';
import type { DialectTag, VariantId } from '../variants/declaration';
import type { JobDetail } from '../variants/jobs';
import { rootTag } from '../yaml/root-tag';

/*
 * One finished Rabi or T1 job as a point of a calibration drift series: the qubit it ran on
 * (from its payload), when it ran, and its fitted π-pulse or T1 with one-sigma error, or why it
 * has none. Pure: the core runs it on the jobs of its local store.
 */

export const DRIFT_QUANTITIES = ['piPulse', 't1'] as const;
export type DriftQuantity = (typeof DRIFT_QUANTITIES)[number];

/**
 * What each declared experiment measures (its functional tag: the same in both variants). The
 * compiler names this table when the variant declaration gains an experiment.
 */
const MEASURES: {
  readonly [T in ExperimentTag]: { kind: 'rabi' | 't1'; quantity: DriftQuantity };
} = {
  '!RabiExperiment': { kind: 'rabi', quantity: 'piPulse' },
  '!T1Experiment': { kind: 't1', quantity: 't1' },
};

export interface DriftRun {
  jobId: number;
  name: string;
  /** When the job ran: its completion time (else its last update, else its creation), ISO 8601. */
  at: string;
  quantity: DriftQuantity;
  /** Null when neither the payload nor the result says. */
  qubit: number | null;
  /** π-pulse or T1 in ns, with its one-sigma error; null when there is no fit. */
  valueNs: number | null;
  sigmaNs: number | null;
  /** Why there is no value, in words. */
  reason: string | null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function field(container: unknown, name: string): unknown {
  return container && typeof container === 'object'
    ? (container as Record<string, unknown>)[name]
    : undefined;
}

function integerAt(node: TNode | undefined): number | null {
  return node?.kind === 'scalar' && typeof node.value === 'number' && Number.isInteger(node.value)
    ? node.value
    : null;
}

/** A result's root tag as the declaration writes it (`!T1ExperimentResult`), or null. */
function resultTagOf(resultText: string | null): string | null {
  const name = resultText ? tagName(rootTag(resultText)) : null;
  return name ? `!${name}` : null;
}

/** The payload's functional object (a YAML string) as a tree, or null when it cannot be read. */
function tree(yamlText: string): TNode | null {
  try {
    return parseResultTree(yamlText);
  } catch (error) {
    if (error instanceof ResultParseError) return null;
    throw error;
  }
}

/**
 * A stored job as a drift run, or null when it is not a finished Rabi or T1 job: Variant B's
 * `rabi_experiment` and `t1_experiment`, Variant A's `experiment` whose payload holds a
 * `!RabiExperiment` or `!T1Experiment` (the payload's tag says which, as the dialect reads it).
 */
export function driftRunOf(variant: VariantId, detail: JobDetail): DriftRun | null {
  const status = detail.status ?? null;
  // Variant A's records may carry no status: a completion time then says the job ended.
  if (status ? status !== 'completed' : !detail.completed_at) return null;
  const type = text(field(detail.payload, 'type')) ?? text(field(detail.result, 'type'));
  const kind = type ? executeKind(variant, type) : undefined;
  if (kind?.work !== 'experiment') return null;
  const functional = text(field(field(detail.payload, kind.payloadField), kind.functionalField));
  const resultText = text(field(detail.result, kind.resultField));
  // The experiment is the payload's tag; without a payload, the one whose result tag it has.
  const tag = functional
    ? rootTag(functional)
    : kind.functionalTags[kind.resultTags.indexOf(resultTagOf(resultText) as DialectTag)];
  const at = tag ? kind.functionalTags.indexOf(tag as DialectTag) : -1;
  if (!tag || at < 0 || !Object.hasOwn(MEASURES, tag)) return null;
  const experiment = MEASURES[tag as ExperimentTag];
  const resultTag = kind.resultTags[at] ?? `${tag}Result`;

  const qubitKey = keysOf(objectDecl(variant, tag)).required[0] ?? 'qubit';
  const payloadTree = functional ? tree(functional) : null;
  let qubit = payloadTree ? integerAt(fieldOf(payloadTree, qubitKey)) : null;
  const run: DriftRun = {
    jobId: detail.id,
    name: detail.name,
    at: detail.completed_at ?? detail.updated_at ?? detail.created_at,
    quantity: experiment.quantity,
    qubit,
    valueNs: null,
    sigmaNs: null,
    reason: null,
  };
  if (!resultText) return { ...run, reason: 'No result is kept for this job.' };
  const result = tree(resultText);
  if (!result) return { ...run, reason: 'Its result could not be read as YAML.' };
  if (tagName(result.tag) !== tagName(resultTag))
    return { ...run, reason: `Its result is ${result.tag ?? 'untagged'}, not ${resultTag}.` };
  let data;
  try {
    data = readExperimentData(result, '', experiment.kind);
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    return { ...run, reason: `Its result does not have the expected shape (${error.message}).` };
  }
  qubit ??= data.qubit !== null && Number.isInteger(data.qubit) ? data.qubit : null;
  const { fit, fitError } = analyzeExperiment(experiment.kind, data.x, data.s21);
  if (!fit) return { ...run, qubit, reason: fitError ?? 'No fit.' };
  const [valueNs, sigmaNs] =
    fit.kind === 'rabi'
      ? [fit.fit.piPulseNs, fit.fit.piPulseStdErrNs]
      : [fit.fit.t1Ns, fit.fit.t1StdErrNs];
  if (!Number.isFinite(valueNs)) return { ...run, qubit, reason: 'The fit gave no finite value.' };
  return {
    ...run,
    qubit,
    valueNs,
    sigmaNs: sigmaNs !== null && Number.isFinite(sigmaNs) && sigmaNs >= 0 ? sigmaNs : null,
  };
}
