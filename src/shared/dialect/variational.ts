import type { DigitalFunctional, EvolutionFunctional, SamplingFunctional } from './functionals';
import {
  readAnalogEvolution,
  readDigitalPropagation,
  readSampling,
  readTimeEvolution,
} from './functionals';
import { keysOf, objectDecl } from './declaration';
import { mappingSpec } from './mapping-spec';
import type { NodeRef } from './node-reader';
import { limitProblem } from './parse-context';
import type { ParseContext } from './parse-context';
import { need } from './read-session';
import { readPauliSum } from './pauli-expression';
import type { PauliSum } from './pauli-expression';
import type { FunctionalTagOf, VariantId } from '../variants/declaration';
import { circuitParameters } from './circuit-parameters';
import { quoted } from '../text/quote';

export type OptimizerMethod = 'COBYLA' | 'Nelder-Mead' | 'SPSA';

export type InnerFunctional = SamplingFunctional | DigitalFunctional | EvolutionFunctional;

export interface VariationalProgram {
  kind: 'variational';
  inner: InnerFunctional;
  cost: PauliSum;
  method: OptimizerMethod;
  maxIterations: number;
  ref: NodeRef;
}

/** Used when `max_iterations` is left out; the simulator's maxIterations limit still applies. */
const DEFAULT_MAX_ITERATIONS = 100;

const METHODS: Record<string, OptimizerMethod> = {
  cobyla: 'COBYLA',
  'nelder-mead': 'Nelder-Mead',
  neldermead: 'Nelder-Mead',
  spsa: 'SPSA',
};

type InnerReader = (ref: NodeRef, ctx: ParseContext) => InnerFunctional;

/** What a variational program may optimise, by the tag of a functional object the variant declares. */
const INNER: { readonly [V in VariantId]: { readonly [T in FunctionalTagOf<V>]?: InnerReader } } = {
  B: {
    '!Sampling': (ref, ctx) => readSampling(ref, ctx, ctx.params),
    '!TimeEvolution': (ref, ctx) => readTimeEvolution(ref, ctx, ctx.params),
  },
  A: {
    '!DigitalPropagation': (ref, ctx) => readDigitalPropagation(ref, ctx, ctx.params),
    '!AnalogEvolution': (ref, ctx) => readAnalogEvolution(ref, ctx, ctx.params),
  },
};

export function readVariational(ref: NodeRef, ctx: ParseContext): VariationalProgram {
  const tag = '!VariationalProgram';
  const f = ref.mapping(mappingSpec(ctx.variant, tag));
  const inner = ref.attempt(() => readInner(f.req('functional'), ctx));
  const cost = ref.attempt(() => {
    const costF = f.req('cost').mapping({
      tags: null,
      what: `${tag} cost`,
      ...keysOf(costFields(ctx)),
    });
    return readPauliSum(costF.req('observable'), 'cost observable', null);
  });
  if (inner && cost) {
    ref.attempt(() => {
      const width =
        inner.kind === 'sampling' || inner.kind === 'digital'
          ? inner.circuit.nqubits
          : inner.nqubits;
      if (cost.maxQubit >= width) {
        cost.ref.fail({
          subject: `${tag} cost`,
          code: 'dialect.qubit_range',
          problem: `the observable acts on qubit ${cost.maxQubit}, but the functional has ${width} qubits`,
        });
      }
      if (inner.kind === 'sampling')
        checkSampledCost(cost, inner.circuit.measured, 'the !Sampling functional');
    });
  }
  const optimizer = ref.attempt(() => readOptimizer(f.req('optimizer'), ctx));
  return {
    kind: 'variational',
    inner: need(inner),
    cost: need(cost),
    method: need(optimizer).method,
    maxIterations: need(optimizer).maxIterations,
    ref,
  };
}

function readInner(innerRef: NodeRef, ctx: ParseContext): InnerFunctional {
  const tag = '!VariationalProgram';
  const readers: Readonly<Partial<Record<string, InnerReader>>> = INNER[ctx.variant];
  const reader = readers[innerRef.tag ?? ''];
  const expected = `functional: ${Object.keys(readers).join(' or ')} holding !Parameter values`;
  if (!reader) {
    innerRef.checkTag(tag, expected);
    throw innerRef.error({
      subject: tag,
      problem: innerRef.tag
        ? `${innerRef.tag} cannot be optimised here`
        : `expected a tagged functional, found ${innerRef.describe()}`,
      expected,
    });
  }
  const inner = reader(innerRef, ctx);
  // A circuit's angles are all parameters to the SDK, plain numbers too (the trainable ones in
  // Variant A); a schedule's are its !Parameters.
  const count =
    inner.kind === 'sampling' || inner.kind === 'digital'
      ? circuitParameters(ctx.variant, inner.circuit, ctx.params).filter((p) => p.trainable).length
      : ctx.params.size;
  if (count === 0) {
    innerRef.fail({
      subject: tag,
      problem:
        inner.kind === 'sampling' || inner.kind === 'digital'
          ? 'the circuit has no trainable parameter to optimise (no gate with an angle)'
          : 'the functional has no !Parameter to optimise',
      hint: 'give a gate an angle (every angle is a parameter), or write a coefficient as !Parameter {name: theta, value: 0.1}',
    });
  }
  return inner;
}

function costFields(ctx: ParseContext) {
  const decl = objectDecl(ctx.variant, '!VariationalProgram');
  return decl.fields.find((d) => d.name === 'cost')?.fields ?? [];
}

function readOptimizer(
  ref: NodeRef,
  ctx: ParseContext,
): { method: OptimizerMethod; maxIterations: number } {
  const opt = ref.mapping(mappingSpec(ctx.variant, '!Optimizer'));
  const methodRef = opt.req('method');
  const written = methodRef.string('method');
  const method = METHODS[written.toLowerCase().replace(/[\s_]/g, '-')];
  if (!method) {
    throw methodRef.error({
      subject: '!Optimizer',
      problem: `unknown method ${quoted(written)}`,
      expected: 'COBYLA, Nelder-Mead or SPSA',
    });
  }
  const itRef = opt.get('max_iterations');
  const maxIterations = itRef?.integer('max_iterations', 1) ?? DEFAULT_MAX_ITERATIONS;
  if (maxIterations > ctx.limits.maxIterations) {
    limitProblem(itRef ?? methodRef, {
      subject: '!Optimizer',
      problem: `${maxIterations} iterations exceed the simulator limit maxIterations = ${ctx.limits.maxIterations}`,
      hint: 'lower max_iterations or raise maxIterations in the simulator settings',
    });
  }
  return { method, maxIterations };
}

/**
 * A cost read off samples can only hold I and Z factors on measured qubits: samples are
 * computational-basis outcomes of those qubits and carry nothing else.
 */
export function checkSampledCost(cost: PauliSum, measured: number[], source: string): void {
  for (const term of cost.terms) {
    if (term.xMask !== 0) {
      cost.ref.fail({
        subject: '!VariationalProgram cost',
        problem: `term ${quoted(term.factors)} has X or Y factors, but ${source} yields computational-basis samples`,
        hint: 'use only Z and I factors, add basis-change gates to the circuit, or use an expectation-based functional',
      });
    }
    for (let q = 0; q < 31; q++) {
      if ((term.zMask >>> q) & 1 && !measured.includes(q)) {
        cost.ref.fail({
          subject: '!VariationalProgram cost',
          problem: `term ${quoted(term.factors)} needs qubit ${q}, which ${source} does not measure`,
        });
      }
    }
  }
}
