import { entryFor, executeKind, executeTypes } from '../variants/declaration';
import type { ExecuteTypeOf, PerExecuteType, VariantId } from '../variants/declaration';
import { DialectError } from './dialect-error';
import type { Experiment } from './experiments';
import { readExperiment } from './experiments';
import type { DigitalFunctional, EvolutionFunctional, SamplingFunctional } from './functionals';
import {
  readAnalogEvolution,
  readDigitalPropagation,
  readSampling,
  readTimeEvolution,
} from './functionals';
import type { DialectJob, DialectLimits } from './job-input';
import { NodeRef } from './node-reader';
import { ParseContext } from './parse-context';
import type { Readout } from './readouts';
import { checkReadoutsFit, costSourceOf, readReadoutsAt } from './readouts';
import type { QuantumReservoir } from './reservoir';
import { readReservoir } from './reservoir';
import type { VariationalProgram } from './variational';
import { checkSampledCost, readVariational } from './variational';
import { parseYamlSource } from './yaml-source';
import { readoutValues, requireResultFits } from './evolution-limits';
import { isSdkForm } from './sdk-form/dispatch';
import { QUANTUM_RESERVOIR_TAG } from './sdk-form/reservoir';
import { quoted } from '../text/quote';

export type Functional =
  | SamplingFunctional
  | DigitalFunctional
  | EvolutionFunctional
  | QuantumReservoir
  | VariationalProgram
  | Experiment;

export interface ParsedJob {
  variant: VariantId;
  /** The execute type it was read as: its reader (`READERS`) made `functional`. */
  executeType: string;
  functional: Functional;
  /** Variant A readouts (null for Variant B and for experiments). */
  readouts: Readout[] | null;
  resultField: string;
  ctx: ParseContext;
}

type Reader = (ref: NodeRef, ctx: ParseContext, tags: readonly string[]) => Functional;

/** How each execute type's functional object is read; its tags come from the declaration. */
const READERS = {
  B: {
    sampling: (r, c) => readSampling(r, c, c.params),
    time_evolution: (r, c) => readTimeEvolution(r, c, null),
    variational_program: readVariational,
    rabi_experiment: readExperiment,
    t1_experiment: readExperiment,
  },
  A: {
    digital_propagation: (r, c) => readDigitalPropagation(r, c, c.params),
    analog_evolution: (r, c) => readAnalogEvolution(r, c, null),
    quantum_reservoir: readReservoir,
    variational_program: readVariational,
    experiment: readExperiment,
  },
} as const satisfies PerExecuteType<Reader>;

/** What the reader of an execute type makes of its functional object. */
export type FunctionalOf<
  V extends VariantId,
  T extends ExecuteTypeOf<V>,
> = (typeof READERS)[V] extends infer Row
  ? T extends keyof Row
    ? Row[T] extends (...args: never[]) => infer F
      ? F
      : never
    : never
  : never;

/** The execute type's declaration and reader, or a DialectError naming the variant's types. */
function executeTypeOf(variant: VariantId, executeType: string) {
  const kind = executeKind(variant, executeType);
  const read = entryFor<Reader>(READERS, variant, executeType);
  if (!kind || !read) {
    throw new DialectError({
      path: 'type',
      subject: `execute type ${quoted(executeType)}`,
      problem: `not an execute type of Variant ${variant}`,
      expected: `one of: ${executeTypes(variant).join(', ')}`,
    });
  }
  const tags: readonly string[] = kind.functionalTags;
  return { kind, read, tags };
}

/** The functional object at `root`: the tag its execute type needs, then everything inside. */
function readFunctional(root: NodeRef, executeType: string, ctx: ParseContext): Functional {
  const { read, tags } = executeTypeOf(ctx.variant, executeType);
  if (!tags.includes(SDK_CLASS_TAGS.get(root.tag ?? '') ?? root.tag ?? '')) {
    const expected = tags.join(' or ');
    root.checkTag(`type ${executeType}`, expected);
    root.fail({
      subject: `type ${executeType}`,
      problem: root.tag
        ? `the functional object is ${root.tag}`
        : `expected a tagged functional object, found ${root.describe()}`,
      expected,
    });
  }
  // In SDK-only reading a friendly functional object is refused where it stands; B's !Sampling
  // and !TimeEvolution have no private keys in the SDK's form either: their fields decide.
  if (!isSdkForm(root) && !SDK_FORM_WITHOUT_PRIVATE_KEYS.has(root.tag ?? ''))
    ctx.refuseFriendly(root, `type ${executeType}`);
  return read(root, ctx, tags);
}

/** Functional classes the SDK does not register as tags, by the tag the declaration names. */
const SDK_CLASS_TAGS: ReadonlyMap<string, string> = new Map([
  [QUANTUM_RESERVOIR_TAG, '!QuantumReservoir'],
]);

const SDK_FORM_WITHOUT_PRIVATE_KEYS: ReadonlySet<string> = new Set(['!Sampling', '!TimeEvolution']);

/** Parse and check a job completely (dialect, device fit, limits) without running anything. */
export function parseJob(job: DialectJob): ParsedJob {
  const { kind } = executeTypeOf(job.variant, job.executeType);
  const ctx = new ParseContext(job.variant, job.device, job.limits, job.sdkOnly ?? false);
  const root = NodeRef.root(parseYamlSource(job.functionalYaml, job.pathPrefix, 'functional'));
  const functional = readFunctional(root, job.executeType, ctx);
  const readoutPath =
    job.readoutPathPrefix ?? `${job.pathPrefix.split('.')[0] ?? job.pathPrefix}.readout`;
  let readouts: Readout[] | null = null;
  if (kind.readout) {
    if (job.readoutYaml === undefined || job.readoutYaml.trim() === '') {
      throw new DialectError({
        path: readoutPath,
        subject: `type ${job.executeType}`,
        problem: 'the payload has no readout',
        expected:
          'readout: !SamplingReadout {nshots}, !ExpectationReadout {observables, nshots} or !StateTomographyReadout {method: exact}, or a list of them',
      });
    }
    const readoutRoot = NodeRef.root(parseYamlSource(job.readoutYaml, readoutPath, 'readout'));
    readouts = readReadoutsAt(readoutRoot, ctx);
    checkReadoutsAgainst(functional, readouts, readoutRoot, ctx);
  } else if (job.readoutYaml !== undefined && job.readoutYaml.trim() !== '') {
    throw new DialectError({
      path: readoutPath,
      subject: `type ${job.executeType}`,
      problem: 'a readout is given, but this execute type takes none',
    });
  }
  return {
    variant: job.variant,
    executeType: job.executeType,
    functional,
    readouts,
    resultField: kind.resultField,
    ctx,
  };
}

/**
 * Every dialect problem of a payload's functional object and readout, read where they stand
 * (the editor, `qjob validate`). No device is chosen yet, so only what holds on any device is
 * checked; the simulator's limits come out as warnings. Whether a readout is present at all is
 * the payload model's rule, checked there, so a missing one is not reported twice.
 */
export function checkJobParts(
  variant: VariantId,
  executeType: string,
  functional: NodeRef,
  readout: NodeRef | null,
): void {
  readJobParts(variant, executeType, functional, readout);
}

/** What `readJobParts` made of a payload's parts (undefined where a part could not be read). */
export interface JobParts {
  functional: Functional | undefined;
  readouts: Readout[] | null | undefined;
  ctx: ParseContext;
}

/**
 * The model of a payload's functional object and readout, read where they stand with every
 * problem collected in their session (see `checkJobParts`); what compile starts from.
 */
export function readJobParts(
  variant: VariantId,
  executeType: string,
  functional: NodeRef,
  readout: NodeRef | null,
  limits: Partial<DialectLimits> = {},
): JobParts {
  const session = functional.session;
  const ctx = new ParseContext(variant, null, limits);
  const read = session.attempt(() => readFunctional(functional, executeType, ctx));
  const { kind } = executeTypeOf(variant, executeType);
  if (!readout || !kind.readout) return { functional: read, readouts: null, ctx };
  const readouts = session.attempt(() => readReadoutsAt(readout, ctx));
  if (read && readouts) session.attempt(() => checkReadoutsAgainst(read, readouts, readout, ctx));
  return { functional: read, readouts, ctx };
}

function checkReadoutsAgainst(
  functional: Functional,
  readouts: Readout[],
  readoutRef: NodeRef,
  ctx: ParseContext,
): void {
  const target = functional.kind === 'variational' ? functional.inner : functional;
  const width = stateWidth(target);
  checkReadoutsFit(readouts, width, ctx);
  // Every recorded time (an analog evolution storing its steps) or input (a reservoir) gets
  // its own set of readouts in the result.
  const perTime = readoutValues(readouts, width);
  if (target.kind === 'analog' && target.storeIntermediate)
    requireResultFits(
      target.ref,
      target.schedule.grid.length,
      perTime,
      target.ref.tag ?? 'analog evolution',
      ctx,
    );
  if (target.kind === 'reservoir')
    requireResultFits(target.ref, target.inputs.length, perTime, '!QuantumReservoir', ctx);
  if (functional.kind === 'variational') {
    // The SDK reads the cost from the final state or from samples, never from an expectation
    // readout: without either the service fails the job at its first evaluation.
    const source = costSourceOf(readouts);
    if (source === null)
      readoutRef.fail({
        subject: 'readout',
        problem:
          "a variational program's cost is read from the final state (a !StateTomographyReadout) or from samples (a !SamplingReadout), and these readouts give neither",
        hint: 'add !StateTomographyReadout {method: exact} for an exact cost (the SDK reads the state first), or a !SamplingReadout',
      });
    if (functional.cost && source === 'samples') {
      const measured =
        target.kind === 'digital' || target.kind === 'sampling'
          ? target.circuit.measured
          : Array.from({ length: width }, (_, q) => q);
      checkSampledCost(functional.cost, measured, 'the !SamplingReadout (no state tomography)');
    }
  }
}

function stateWidth(f: Functional): number {
  switch (f.kind) {
    case 'sampling':
    case 'digital':
      return f.circuit.nqubits;
    case 'timeEvolution':
    case 'analog':
    case 'reservoir':
      return f.nqubits;
    case 'variational':
      return stateWidth(f.inner);
    case 'rabi':
    case 't1':
      return 1;
  }
}
