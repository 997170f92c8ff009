import { READ_LIMIT_CODES, documentToExecutePayload, hasErrors } from '../../../../shared/yaml';
import type { YamlProblem } from '../../../../shared/yaml';
import { VARIANT_IDS, VARIANTS } from '../../../../shared/variants';
import type { VariantId } from '../../../../shared/variants';
import { payloadDiagram } from '../../../../shared/circuit-layout';
import type { PayloadDiagram } from '../../../../shared/circuit-layout';
import { NO_FACTS, payloadFacts } from './payload-facts';
import type { PayloadFacts } from './payload-facts';

export type { YamlProblem, PayloadFacts, PayloadDiagram };

/** Everything the UI learns from one payload text under one variant. */
export interface Analysis {
  variant: VariantId;
  problems: YamlProblem[];
  facts: PayloadFacts;
  /** The circuit diagram: its circuits, each gate on its lines (shared/circuit-layout). */
  diagram: PayloadDiagram;
  /**
   * The other variant, when the payload is not valid under this one but is a payload of that
   * one (a tab left open across a switch of connection): the editor says so and offers a way.
   */
  belongsTo?: VariantId | null;
}

/**
 * The shared converter is the authority on validity: it reports YAML errors, the variant's
 * schema (with the exactly-one rule placed on the offending fields) and code-bearing tags, the
 * same checks `jobs.submit` runs, and the payload dialect's checks of the functional object,
 * the ones the simulator runs when it validates a job. Runs in a worker (analysis.worker.ts).
 * An empty text has nothing to report yet: the pre-flight panel says what to do instead.
 */
export function analyzePayload(variant: VariantId, text: string): Analysis {
  const experimentTypes = VARIANTS[variant].executeKinds
    .filter((k) => k.functionalKind !== 'functional object')
    .map((k) => k.executeType);
  if (text.trim() === '')
    return {
      variant,
      problems: [],
      facts: payloadFacts(text, experimentTypes),
      diagram: { state: 'none' },
    };
  const { problems, read } = documentToExecutePayload(variant, text, {}, { dialect: true });
  // A text refused for its size, depth or node count is not read a second time for its facts.
  const refused = problems.some((p) => READ_LIMIT_CODES.has(p.code));
  if (refused) {
    const diagram = unreadable('it is past the payload limits');
    return { variant, problems, facts: NO_FACTS, diagram, belongsTo: null };
  }
  const other = VARIANT_IDS.find((v) => v !== variant);
  const belongsTo =
    other && hasErrors(problems) && !hasErrors(documentToExecutePayload(other, text).problems)
      ? other
      : null;
  const facts = payloadFacts(text, experimentTypes);
  let diagram = payloadDiagram(read, problems, text);
  // A text that does not read as a payload may well hold a circuit: say why none is drawn.
  if (diagram.state === 'none' && (facts.work === 'circuit' || (!read && hasErrors(problems)))) {
    const first = problems.find((p) => p.severity === 'error');
    diagram = unreadable(first ? `see the problem at line ${first.line}` : 'it has no gate list');
  }
  return { variant, problems, facts, diagram, belongsTo };
}

function unreadable(why: string): PayloadDiagram {
  return { state: 'unreadable', message: `The circuit cannot be drawn: ${why}.` };
}
