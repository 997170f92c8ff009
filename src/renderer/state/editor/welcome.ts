import type { Template } from '../../../shared/ipc/schemas';
import { VARIANTS } from '../../../shared/variants';
import type { FunctionalFieldOf, VariantId } from '../../../shared/variants';

const BELL_CIRCUIT = `!Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0, target: 1}
        - !M {qubits: [0, 1]}`;

/** The functional object of a Bell pair, per functional field of the dialect (docs/payload-dialect.md). */
const BELL_BODY: { readonly [F in FunctionalFieldOf<VariantId>]?: string } = {
  sampling: `!Sampling\n    nshots: 1000\n    circuit: ${BELL_CIRCUIT}`,
  digital_propagation: `!DigitalPropagation\n    circuit: ${BELL_CIRCUIT}`,
};

/**
 * The tab a first start opens: the active variant's Bell sampling template when the core has
 * templates, else a built-in Bell payload derived from the variant's declaration.
 */
export function welcomeTab(
  variant: VariantId,
  templates: Template[],
): { title: string; text: string } {
  const bell = templates.find((t) => /bell/i.test(`${t.id} ${t.title}`)) ?? templates[0];
  if (bell) return { title: `${bell.title}.yaml`, text: bell.text };
  const kind = VARIANTS[variant].executeKinds.find((k) => BELL_BODY[k.functionalField]);
  if (!kind)
    return {
      title: 'Welcome.yaml',
      text: `type: ${VARIANTS[variant].executeKinds[0]?.executeType ?? ''}\n`,
    };
  const readout = kind.readout ? '\n  readout: !SamplingReadout {nshots: 1000}' : '';
  const text = `# Welcome to Quantum Job Studio (${VARIANTS[variant].label}).
# A Bell pair: pick a device on the right and press Ctrl+Enter to submit.
type: ${kind.executeType}
${kind.payloadField}:
  ${kind.functionalField}: ${BELL_BODY[kind.functionalField]}${readout}
`;
  return { title: 'Welcome.yaml', text };
}
