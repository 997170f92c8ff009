import { READ_LIMIT_CODES, documentToExecutePayload } from '../../../../shared/yaml';
import type { YamlProblem } from '../../../../shared/yaml';
import { VARIANTS } from '../../../../shared/variants';
import type { VariantId } from '../../../../shared/variants';
import { NO_FACTS, payloadFacts } from './payload-facts';
import type { PayloadFacts } from './payload-facts';

export type { YamlProblem, PayloadFacts };

/** Everything the UI learns from one payload text under one variant. */
export interface Analysis {
  variant: VariantId;
  problems: YamlProblem[];
  facts: PayloadFacts;
}

/**
 * The shared converter is the authority on validity: it reports YAML errors, the variant's
 * schema (with the exactly-one rule placed on the offending fields) and code-bearing tags, the
 * same checks `jobs.submit` runs, and the payload dialect's checks of the functional object,
 * the ones the simulator runs when it validates a job. Runs in a worker (analysis.worker.ts).
 */
export function analyzePayload(variant: VariantId, text: string): Analysis {
  const experimentTypes = VARIANTS[variant].executeKinds
    .filter((k) => k.functionalKind !== 'functional object')
    .map((k) => k.executeType);
  const { problems } = documentToExecutePayload(variant, text, {}, { dialect: true });
  // A text refused for its size, depth or node count is not read a second time for its facts.
  const refused = problems.some((p) => READ_LIMIT_CODES.has(p.code));
  return { variant, problems, facts: refused ? NO_FACTS : payloadFacts(text, experimentTypes) };
}
