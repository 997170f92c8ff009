import type { Functional } from '../../dialect/job-model';
import type { ParamTable } from '../../dialect/numbers';
import type { Readout } from '../../dialect/readouts';
import { circuitLines } from './circuit';
import { evolutionLines } from './evolution';
import { observableText } from './observables';
import { experimentLines } from './experiments';
import { reservoirLines } from './reservoir';
import { variationalLines } from './variational';
import { NotPrintable } from './not-printable';
import type { VariantId } from '../../variants/declaration';

export { NotPrintable };

/**
 * A functional object of the model as friendly lines (its tag on the first line, the fields
 * indented by `indent` below), for the execute types this slice prints.
 */
export function functionalLines(
  f: Functional,
  params: ParamTable,
  indent: string,
  variant: VariantId,
): string[] {
  const circuit = (c: Parameters<typeof circuitLines>[0]) => {
    const [first = '', ...rest] = circuitLines(c, params, `${indent}  `);
    return [`${indent}circuit: ${first}`, ...rest];
  };
  switch (f.kind) {
    case 'sampling':
      return ['!Sampling', ...circuit(f.circuit), `${indent}nshots: ${f.nshots}`];
    case 'digital':
      return ['!DigitalPropagation', ...circuit(f.circuit)];
    case 'rabi':
    case 't1':
      return experimentLines(f, variant, indent);
    case 'variational':
      return variationalLines(f, params, indent, variant, (inner, at) =>
        functionalLines(inner, params, at, variant),
      );
    case 'timeEvolution':
    case 'analog':
      return evolutionLines(f, params, indent);
    case 'reservoir':
      return reservoirLines(f, params, indent);
  }
}

/** Variant A's readouts as a friendly list. */
export function readoutLines(readouts: readonly Readout[], indent: string): string[] {
  return readouts.map((r) => {
    switch (r.kind) {
      case 'sampling':
        return `${indent}- !SamplingReadout {nshots: ${r.nshots}${r.expandSamples ? '' : ', expand_samples: false'}}`;
      case 'expectation': {
        const observables = r.observables.map((o) => {
          const text = observableText(o);
          if (text === null)
            throw new NotPrintable('an observable with a parameterised coefficient');
          return text;
        });
        return `${indent}- !ExpectationReadout {observables: [${observables.join(', ')}], nshots: ${r.nshots}}`;
      }
      case 'tomography':
        return `${indent}- !StateTomographyReadout {method: exact}`;
    }
  });
}
