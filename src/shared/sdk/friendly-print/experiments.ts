import type { VariantId } from '../../variants/declaration';
import { keysOf, objectDecl } from '../../dialect/declaration';
import type { Experiment } from '../../dialect/experiments';
import { floatText } from './scalars';
import { NotPrintable } from './not-printable';

/** How many sweep values go on one printed line (the list wraps, as the templates do). */
const PER_LINE = 10;

/**
 * An experiment in the friendly form, its keys as the variant's dialect declares them (B:
 * `qubit_id`, `drive_pulse_duration` / `wait_times`; A: `qubit`, `averages`, `…_values`). The
 * friendly form compiles a sweep to a float64 array (as `np.linspace` makes it); an int64 one
 * stays in the SDK's form.
 */
export function experimentLines(e: Experiment, variant: VariantId, indent: string): string[] {
  const tag = e.kind === 'rabi' ? '!RabiExperiment' : '!T1Experiment';
  if (e.sweepDtype !== 'float64')
    throw new NotPrintable(
      `the sweep is a NumPy ${e.sweepDtype} array (the friendly form compiles to float64)`,
    );
  const [qubitKey = '', ...rest] = keysOf(objectDecl(variant, tag)).required;
  const sweepKey = rest[rest.length - 1] ?? '';
  const sweep = e.kind === 'rabi' ? e.durationsNs : e.waitsNs;
  const lines = [tag, `${indent}${qubitKey}: ${e.qubit}`];
  if (variant === 'A') lines.push(`${indent}averages: ${e.averages}`);
  const chunks: string[] = [];
  for (let i = 0; i < sweep.length; i += PER_LINE)
    chunks.push(
      sweep
        .slice(i, i + PER_LINE)
        .map((v) => floatText(v))
        .join(', '),
    );
  const [first = '', ...more] = chunks;
  const last = more.length;
  lines.push(`${indent}${sweepKey}: [${first}${last === 0 ? ']' : ','}`);
  more.forEach((c, i) => lines.push(`${indent}  ${c}${i === last - 1 ? ']' : ','}`));
  return lines;
}
