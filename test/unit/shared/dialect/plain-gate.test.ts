import { describe, expect, it } from 'vitest';
import { GATES } from '../../../../src/shared/dialect/declaration';
import type { GateName } from '../../../../src/shared/dialect/declaration';
import { parseJob } from '../../../../src/shared/dialect/job-model';
import { documentToExecutePayload } from '../../../../src/shared/yaml';
import { seededRandom } from '../../../../src/simulator/random';

/*
 * Plain gates are read straight from their nodes (plain-gate.ts); everything else by the general
 * reader. A gate list tagged `!tuple` (the SDK's form of a list) always goes to the general
 * reader, so the same gates written both ways must give the same circuit and the same problems.
 */

const NQUBITS = 6;

/** One gate line: valid most of the time, otherwise off in one of the ways people get it wrong. */
function randomGate(random: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const qubit = () => String(Math.floor(random() * NQUBITS));
  const angle = () => (random() * 6 - 3).toFixed(3);
  const odd = random() < 0.35;
  const value = (normal: string) =>
    odd && random() < 0.3
      ? pick([
          '-1',
          '6',
          '1.5',
          'pi',
          '.nan',
          '.inf',
          '"2"',
          '!!int 2',
          '!Parameter {name: a}',
          '~',
          '1.0',
        ])
      : normal;
  const key = (k: string) =>
    odd && random() < 0.15 ? pick([`_${k}`, `${k}x`, k.toUpperCase()]) : k;
  const kind = pick([
    'H',
    'X',
    'RX',
    'RY',
    'RZ',
    'U1',
    'U2',
    'U3',
    'CNOT',
    'CZ',
    'CRY',
    'CU1',
    'SWAP',
    'Rx',
  ]);
  // The declared angles; `!Rx` (a misspelt gate) is written with RX's.
  const angles = GATES[(kind === 'Rx' ? 'RX' : kind) as GateName].angles;
  const fields: string[] = [];
  if (kind === 'SWAP') fields.push(`qubits: [${qubit()}, ${qubit()}]`);
  else if (kind.startsWith('C')) {
    const c = qubit();
    fields.push(
      `${key('control')}: ${value(c)}`,
      `${key('target')}: ${odd && random() < 0.2 ? c : qubit()}`,
    );
  } else fields.push(`${key('qubit')}: ${value(qubit())}`);
  for (const a of angles) fields.push(`${key(a)}: ${value(angle())}`);
  if (odd && random() < 0.15) fields.pop();
  if (odd && random() < 0.1) fields.push('extra: 1');
  return `!${kind} {${fields.join(', ')}}`;
}

function document(gates: string[], tuple: boolean): string {
  const lines = gates.map((g) => `        - ${g}`).join('\n');
  return `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 10
    circuit: !Circuit
      nqubits: ${NQUBITS}
      gates:${tuple ? ' !tuple' : ''}
${lines}
`;
}

function functional(gates: string[], tuple: boolean): string {
  const lines = gates.map((g) => `    - ${g}`).join('\n');
  return `!Sampling\nnshots: 10\ncircuit: !Circuit\n  nqubits: ${NQUBITS}\n  gates:${tuple ? ' !tuple' : ''}\n${lines}\n`;
}

function strict(text: string) {
  try {
    const parsed = parseJob({
      variant: 'B',
      executeType: 'sampling',
      functionalYaml: text,
      pathPrefix: 'sampling_payload.sampling',
      device: { code: 'sim', type: 'simulator', nqubits: NQUBITS },
      limits: { maxQubits: 30 },
    });
    return parsed.functional.kind === 'sampling' ? parsed.functional.circuit.gates : null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('plain gates read straight from their nodes', () => {
  it('give the same circuit and the same problems as the general reader', () => {
    const random = seededRandom(17);
    let fast = 0;
    for (let round = 0; round < 300; round++) {
      const gates = Array.from({ length: 1 + Math.floor(random() * 6) }, () => randomGate(random));
      const plain = strict(functional(gates, false));
      expect(plain, gates.join('\n')).toEqual(strict(functional(gates, true)));
      if (typeof plain !== 'string') fast++;
      const a = documentToExecutePayload('B', document(gates, false), {}, { dialect: true });
      const b = documentToExecutePayload('B', document(gates, true), {}, { dialect: true });
      expect(a.problems, gates.join('\n')).toEqual(b.problems);
    }
    // Both kinds of list occur: valid circuits and circuits with problems.
    expect(fast).toBeGreaterThan(30);
    expect(fast).toBeLessThan(270);
  });
});
