import { describe, expect, it } from 'vitest';
import { locateNumber, substituteNumbers } from '../../../../src/shared/sweeps/substitute';

/**
 * Where a sweep cannot change a number, each refusal whole: a payload that does not parse, a
 * number index into a mapping, a text that is not a number, a quoted number, a list, a
 * `!Parameter` without a value. Written from the mutation run's survivors.
 */

const DOC = `type: sampling
sampling_payload:
  sampling: !Sampling
    nshots: 500
    circuit: !Circuit
      nqubits: 2
      gates:
        - !RY {qubit: 0, theta: 0.25}
        - !RX {qubit: 1, theta: !Parameter {name: t}}
        - !RX {qubit: 1, theta: !Parameter {name: u, value: null}}
    label: seven
    spaces: "  "
    quoted: '12'
    list: [1, 2]
`;

const refusal = (text: string, path: (string | number)[]): string => {
  try {
    locateNumber(text, path);
  } catch (error) {
    expect((error as Error).name).toBe('SweepSubstitutionError');
    return (error as Error).message;
  }
  throw new Error(`${path.join('.')} was not refused`);
};
const S = ['sampling_payload', 'sampling'];

describe('locateNumber refuses, saying why', () => {
  it('a payload that does not parse, with the line of its first error', () => {
    expect(refusal('type: [sampling\n', ['type'])).toMatch(
      /^the payload does not parse \(line \d+: .+\)$/,
    );
  });

  it('a number as a key of a mapping, and a name as an index of a list', () => {
    expect(refusal(DOC, [...S, 0])).toBe(
      'sampling_payload.sampling[0]: the payload has no item [0] at sampling_payload.sampling',
    );
    expect(refusal(DOC, [...S, 'circuit', 'gates', 'first'])).toBe(
      "sampling_payload.sampling.circuit.gates.first: the payload has no 'first' at sampling_payload.sampling.circuit.gates",
    );
    expect(refusal(DOC, ['nothing'])).toBe(
      "nothing: the payload has no 'nothing' at its top level",
    );
  });

  it('text, a blank quoted text, a quoted number and a list', () => {
    expect(refusal(DOC, [...S, 'label'])).toBe(
      'sampling_payload.sampling.label is "seven", not a number; a sweep changes plain numbers only',
    );
    expect(refusal(DOC, [...S, 'spaces'])).toBe(
      'sampling_payload.sampling.spaces is "  ", not a number; a sweep changes plain numbers only',
    );
    expect(refusal(DOC, [...S, 'quoted'])).toBe(
      "sampling_payload.sampling.quoted is a quoted number ('12'); a sweep changes plain numbers only",
    );
    expect(refusal(DOC, [...S, 'list'])).toBe(
      'sampling_payload.sampling.list is a list, not a number; a sweep changes plain numbers only',
    );
  });

  it('a !Parameter without a value as the mapping it is, one with a null value as null', () => {
    expect(refusal(DOC, [...S, 'circuit', 'gates', 1, 'theta'])).toBe(
      'sampling_payload.sampling.circuit.gates[1].theta is a mapping, not a number; a sweep changes plain numbers only',
    );
    expect(refusal(DOC, [...S, 'circuit', 'gates', 2, 'theta'])).toBe(
      'sampling_payload.sampling.circuit.gates[2].theta is "null", not a number; a sweep changes plain numbers only',
    );
  });
});

describe('locateNumber finds', () => {
  it('the characters of a plain number and its value', () => {
    const site = locateNumber(DOC, [...S, 'circuit', 'gates', 0, 'theta']);
    expect(DOC.slice(site.offset, site.endOffset)).toBe('0.25');
    expect(site.value).toBe(0.25);
    expect(substituteNumbers(DOC, [{ path: [...S, 'nshots'], value: -0 }])).toContain(
      'nshots: 0\n',
    );
  });
});
