import { describe, expect, it } from 'vitest';
import type { Node } from 'yaml';
import {
  parsePayloadText,
  nodeSourceText,
  resolveNode,
  sameData,
} from '../../../../src/shared/yaml';

/** The node at a path of keys/indices (aliases followed on the way, not at the end). */
function at(text: string, ...path: (string | number)[]): Node {
  const { doc, problems } = parsePayloadText(text);
  expect(problems).toEqual([]);
  const node = doc.getIn(path, true);
  if (!node || typeof node !== 'object') throw new Error(`nothing at ${path.join('.')}`);
  return node as Node;
}

/** The extracted text parses alone to the same data as the node in the document. */
function standsAlone(text: string, node: Node, extracted: string) {
  const alone = parsePayloadText(extracted);
  expect(alone.problems).toEqual([]);
  expect(sameData(resolveNode(node), alone.doc.contents)).toBe(true);
}

const DOC = `# Bell pair
type: sampling
sampling_payload:
  sampling: &s !Sampling   # the functional object
    nshots: &shots 1000 # shots
    # the circuit under test
    circuit: !Circuit
      nqubits: 2
      gates:
        - !H {qubit: 0}
        - !CNOT {control: 0,   target: 1}   # odd spacing kept
        - !M
          qubits: [0,1]
    repeat: *shots
    # closing remark, still inside
  # parent's comment, not inside
`;

describe('nodeSourceText', () => {
  it('returns a tagged block mapping as written: tag first, comments kept, dedented', () => {
    const node = at(DOC, 'sampling_payload', 'sampling');
    const text = nodeSourceText(DOC, node);
    expect(text).toBe(`!Sampling   # the functional object
nshots: &shots 1000 # shots
# the circuit under test
circuit: !Circuit
  nqubits: 2
  gates:
    - !H {qubit: 0}
    - !CNOT {control: 0,   target: 1}   # odd spacing kept
    - !M
      qubits: [0,1]
repeat: *shots
# closing remark, still inside
`);
    standsAlone(DOC, node, text);
  });

  it('keeps flow nodes byte-for-byte, including odd spacing', () => {
    const gates = at(DOC, 'sampling_payload', 'sampling', 'circuit', 'gates');
    expect(nodeSourceText(DOC, (gates as unknown as { items: Node[] }).items[1] as Node)).toBe(
      '!CNOT {control: 0,   target: 1}',
    );
  });

  it('includes a tag written on its own line before the mapping', () => {
    const text = 'sampling_payload:\n  sampling:\n    !Sampling\n    nshots: 5\n';
    const node = at(text, 'sampling_payload', 'sampling');
    expect(nodeSourceText(text, node)).toBe('!Sampling\nnshots: 5\n');
  });

  it('takes a tag on the key line with the mapping on the next lines', () => {
    const text = 'readout: !ExpectationReadout\n  observables: ["0.5 Z0 Z1"]\n  nshots: 0\n';
    expect(nodeSourceText(text, at(text, 'readout'))).toBe(
      '!ExpectationReadout\nobservables: ["0.5 Z0 Z1"]\nnshots: 0\n',
    );
  });

  it('drops the node’s own anchor (before or after the tag), keeps anchors inside', () => {
    expect(nodeSourceText('a: &x !T {k: 1}\n', at('a: &x !T {k: 1}\n', 'a'))).toBe('!T {k: 1}');
    expect(nodeSourceText('a: !T &x {k: 1}\n', at('a: !T &x {k: 1}\n', 'a'))).toBe('!T {k: 1}');
    const alone = 'a: &x\n  k: v\n';
    expect(nodeSourceText(alone, at(alone, 'a'))).toBe('k: v');
    expect(nodeSourceText(DOC, at(DOC, 'sampling_payload', 'sampling'))).toContain(
      'nshots: &shots 1000',
    );
  });

  it('keeps an anchor that an alias inside the node refers to', () => {
    const text = 'a: &r !Tree [1, *r]\n';
    const { doc } = parsePayloadText(text);
    expect(nodeSourceText(text, doc.getIn(['a'], true) as Node)).toBe('&r !Tree [1, *r]');
  });

  it('resolves an alias to the text of the node it names', () => {
    const text = 'one: &r !SamplingReadout {nshots: 50}\ntwo: *r\n';
    expect(nodeSourceText(text, at(text, 'two'))).toBe('!SamplingReadout {nshots: 50}');
  });

  it('keeps block scalars exactly, including a keep-chomped ending', () => {
    const text = 'a:\n  note: !Note |\n    line one\n      indented\n\n    last\nb: 1\n';
    const node = at(text, 'a', 'note');
    const extracted = nodeSourceText(text, node);
    expect(extracted).toBe('!Note |\nline one\n  indented\n\nlast\n');
    standsAlone(text, node, extracted);
    const kept = 'a:\n  note: |+\n    kept\n\n\nb: 1\n';
    const keptNode = at(kept, 'a', 'note');
    standsAlone(kept, keptNode, nodeSourceText(kept, keptNode));
  });

  it('dedents by the node’s own column when the first line carries content', () => {
    const text = 'list:\n  - x:\n      y: 1\n    z: 2\n';
    const node = at(text, 'list', 0);
    const extracted = nodeSourceText(text, node);
    expect(extracted).toBe('x:\n  y: 1\nz: 2\n');
    standsAlone(text, node, extracted);
    // Only deeper lines after the first: they must not be pulled up to the first key's level.
    const nested = 'list:\n  - x:\n      y: 1\n';
    expect(nodeSourceText(nested, at(nested, 'list', 0))).toBe('x:\n  y: 1\n');
  });

  it('keeps CRLF line endings as they are', () => {
    const text = 'a: !T\r\n  k: 1\r\n  m: 2\r\n';
    expect(nodeSourceText(text, at(text, 'a'))).toBe('!T\r\nk: 1\r\nm: 2\r\n');
  });

  it('Variant A readout: one tagged mapping or a list, each as written', () => {
    const text = `readout_one: !SamplingReadout {nshots: 100}
readout_list:
  - !SamplingReadout {nshots: 100}   # first
  - !ExpectationReadout
    observables: [Z0]
    nshots: 0
`;
    expect(nodeSourceText(text, at(text, 'readout_one'))).toBe('!SamplingReadout {nshots: 100}');
    const list = at(text, 'readout_list');
    const extracted = nodeSourceText(text, list);
    expect(extracted).toBe(
      '- !SamplingReadout {nshots: 100}   # first\n- !ExpectationReadout\n  observables: [Z0]\n  nshots: 0\n',
    );
    standsAlone(text, list, extracted);
  });
});
