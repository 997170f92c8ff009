import { rootTag } from '../../../../../shared/yaml';
import { tagName } from './decode';

/*
 * What each execute type returns in the payload dialect. The typed handle checks that the job
 * and its result field agree; this checks the tag inside, and says so in a note (the result is
 * still drawn, by the viewer for the tag it carries).
 */
const RESULT_TAGS: Record<string, readonly string[]> = {
  sampling: ['SamplingResult'],
  time_evolution: ['TimeEvolutionResult'],
  variational_program: ['VariationalProgramResult'],
  rabi_experiment: ['RabiExperimentResult'],
  t1_experiment: ['T1ExperimentResult'],
  digital_propagation: ['FunctionalResult'],
  analog_evolution: ['FunctionalResult'],
  quantum_reservoir: ['FunctionalResult'],
  experiment: ['RabiExperimentResult', 'T1ExperimentResult'],
};

/** Variant A experiments: the payload's experiment tag says which result to expect. */
function experimentTag(payload: unknown): string | null {
  const inner = (payload as { experiment_payload?: { experiment?: unknown } } | null)
    ?.experiment_payload;
  return typeof inner?.experiment === 'string' ? tagName(rootTag(inner.experiment)) : null;
}

const words = (type: string) => type.replace(/_/g, ' ');

/** A note when the result's tag is not what the job's execute type returns; null when it is. */
export function unexpectedTagNote(
  executeType: string,
  tag: string | null,
  payload: unknown,
): string | null {
  let expected = RESULT_TAGS[executeType];
  if (!expected) return null;
  if (executeType === 'experiment') {
    const asked = experimentTag(payload);
    if (asked) expected = [`${asked}Result`];
  }
  const name = tagName(tag);
  if (name && expected.includes(name)) return null;
  const wanted = expected.map((t) => `!${t}`).join(' or ');
  const article = /^[aeiou]/.test(executeType) ? 'An' : 'A';
  return `${article} ${words(executeType)} job returns ${wanted}, but this result is ${tag ?? 'untagged'}. It is shown as what its tag says.`;
}
