import { quoted } from '../text/quote';
export type { InnerFunctional } from './variational-inner';
export type { OptimizerMethod, OptimizerSpec } from './optimizer';
import type { InnerFunctional } from './variational-inner';
import { readInner } from './variational-inner';
import type { OptimizerMethod, OptimizerSpec } from './optimizer';
import { checkedIterations, optimizerMethod } from './optimizer';
import { keysOf, objectDecl } from './declaration';
import { mappingSpec } from './mapping-spec';
import type { NodeRef } from './node-reader';
import type { ParseContext } from './parse-context';
import { need } from './read-session';
import { readPauliSum } from './pauli-expression';
import type { PauliSum } from './pauli-expression';
import type { PyNum } from './parameter-domain';
import { readPyNumber } from './py-number';
import type { SdkCostFunction } from './sdk-form/cost-functions';
import type { ModelComparison } from './sdk-form/model-terms';
import { isSdkForm } from './sdk-form/dispatch';
import { readSdkCostFunction } from './sdk-form/cost-functions';
import { readSdkVariational } from './sdk-form/variational';

export interface VariationalProgram {
  kind: 'variational';
  inner: InnerFunctional;
  /** The friendly cost: ⟨observable⟩ (null when the SDK's cost function stands in `costFunction`). */
  cost: PauliSum | null;
  method: OptimizerMethod;
  maxIterations: number;
  optimizer: OptimizerSpec;
  /** The SDK's cost function as read from its form (null when written in the friendly form). */
  costFunction: SdkCostFunction | null;
  storeIntermediateResults: boolean;
  /** Variant A's `_parameter_constraints`: ComparisonTerms over the functional's Parameters. */
  parameterConstraints: readonly ModelComparison[];
  ref: NodeRef;
}

export function readVariational(ref: NodeRef, ctx: ParseContext): VariationalProgram {
  const tag = '!VariationalProgram';
  if (isSdkForm(ref)) return readSdkVariational(ref, ctx);
  const f = ref.mapping(mappingSpec(ctx.variant, tag));
  const inner = ref.attempt(() => readInner(f.req('functional'), ctx));
  // The SDK's own cost function may stand under `cost:` as it is (a wire island: Variant B's
  // carries pickled code only Python writes), read as the SDK form.
  const costRef = f.req('cost');
  const costFunction = isSdkForm(costRef)
    ? ref.attempt(() => readSdkCostFunction(costRef, ctx))
    : null;
  const cost = ref.attempt(() => {
    if (isSdkForm(costRef)) return null;
    const costF = costRef.mapping({
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
  const storeRef = f.get('store_intermediate_results');
  const store = storeRef ? ref.attempt(() => storeRef.boolean('store_intermediate_results')) : true;
  return {
    kind: 'variational',
    inner: need(inner),
    cost: cost === null ? null : need(cost),
    method: need(optimizer).method,
    maxIterations: need(optimizer).maxIterations,
    optimizer: need(optimizer).spec,
    costFunction: costFunction === null ? null : need(costFunction),
    storeIntermediateResults: need(store),
    parameterConstraints: [],
    ref,
  };
}

function costFields(ctx: ParseContext) {
  const decl = objectDecl(ctx.variant, '!VariationalProgram');
  return decl.fields.find((d) => d.name === 'cost')?.fields ?? [];
}

function readOptimizer(
  ref: NodeRef,
  ctx: ParseContext,
): { method: OptimizerMethod; maxIterations: number; spec: OptimizerSpec } {
  const opt = ref.mapping(mappingSpec(ctx.variant, '!Optimizer'));
  const methodRef = opt.req('method');
  const method = optimizerMethod(methodRef);
  const itRef = opt.get('max_iterations');
  const optionsRef = opt.get('options');
  const options: Array<[string, PyNum]> = optionsRef
    ? optionsRef
        .entries('optimizer options')
        .map(({ key, value }) => [key, readPyNumber(value, key)])
    : [];
  if (itRef) {
    if (options.some(([k]) => k === 'maxiter'))
      itRef.fail({
        subject: '!Optimizer',
        problem: 'max_iterations and options.maxiter say the same thing',
        hint: 'keep one of them',
      });
    options.unshift(['maxiter', { value: itRef.integer('max_iterations', 1), int: true }]);
  }
  const tolRef = opt.get('tol');
  const tol = tolRef ? readPyNumber(tolRef, 'tol') : null;
  const spec: OptimizerSpec = { method: methodRef.string('method'), options, tol };
  return { method, maxIterations: checkedIterations(spec, itRef ?? methodRef, ctx), spec };
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
