import type { DigitalFunctional, EvolutionFunctional, SamplingFunctional } from './functionals';
import {
  readAnalogEvolution,
  readDigitalPropagation,
  readSampling,
  readTimeEvolution,
} from './functionals';
import type { NodeRef } from './node-reader';
import type { ParseContext } from './parse-context';
import type { VariantId, FunctionalTagOf } from '../variants/declaration';
import { circuitParameters } from './circuit-parameters';

export type InnerFunctional = SamplingFunctional | DigitalFunctional | EvolutionFunctional;

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

export function readInner(innerRef: NodeRef, ctx: ParseContext): InnerFunctional {
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
