import { describe, expect, it } from 'vitest';
import type { Node, YAMLSeq } from 'yaml';
import { isMap, isScalar, isSeq, Parser, Composer, visit, YAMLSeq as Seq } from 'yaml';
import { dialectProblems } from '../../../../src/shared/dialect/check-document';
import { parseYamlSource } from '../../../../src/shared/dialect/yaml-source';
import { readCompactGate, readPlainGate } from '../../../../src/shared/dialect/plain-gate';
import { parsePayloadText } from '../../../../src/shared/yaml';
import { compactItemsOf } from '../../../../src/shared/yaml/compact-items';
import type { CompactItems } from '../../../../src/shared/yaml/compact-items';
import { PAYLOAD_LIMITS } from '../../../../src/shared/yaml/limits';
import { composePlain } from '../../../../src/shared/yaml/plain-compose';
import { gatePayload } from '../../../support/gate-payload';
import { seededRandom } from '../../../../src/simulator/random';

/*
 * Block sequence items of the form `!Tag {key: number, …}` are read into numbers
 * (compact-items.ts) and made into nodes only when asked. The numbers must be what the nodes
 * hold, the nodes must be those the `yaml` package makes, and the lines just outside the form
 * must still be read (as nodes) or refused exactly as before.
 */

const pick = <T>(random: () => number, xs: readonly T[]): T =>
  xs[Math.floor(random() * xs.length)]!;

const NUMBERS = [
  '0',
  '7',
  '-3',
  '0.25',
  '-0.5',
  '-0',
  '-0.0',
  '00.5',
  '1.50',
  '3.14159265358979',
  '123456789012345',
  '1234567890123456',
  '0.000000000000001',
  '9007199254740993',
  '5.',
  '.5',
  '1e3',
  '+1',
  '0x1F',
  '1.5.2',
  '3x',
  '.nan',
  '!!float 1',
  '"2"',
  'pi',
  '1 2',
  '-',
];
const KEYS = ['qubit', 'theta', 'control', 'target', 'a_1', 'null', 'True', 'x-y', '"q"'];

/** One item's line: in the compact form most of the time, otherwise just outside it. */
function randomItem(random: () => number): string {
  if (random() < 0.7) {
    // The compact form, with the spacing and comments it allows.
    const keys = KEYS.slice(0, 5).filter(() => random() < 0.5);
    const gap = () => pick(random, ['', '', ' ']);
    const entries = keys.map((key) => `${key}: ${gap()}${pick(random, NUMBERS.slice(0, 14))}`);
    const trail = pick(random, ['', '', ' # note', '   ']);
    return `${pick(random, ['!RY ', '!H  ', '!CNOT ', '!CZ ', '!U3 '])}{${gap()}${entries.join(`${gap()},${gap()}`)}${gap()}}${trail}`;
  }
  const n = Math.floor(random() * 4);
  const gap = () => pick(random, ['', '', ' ', '  ']);
  const entries = Array.from({ length: n }, () => {
    const key = random() < 0.85 ? pick(random, KEYS.slice(0, 5)) : pick(random, KEYS);
    const colon = random() < 0.95 ? ': ' : pick(random, [':', ':  ', ' : ']);
    const value = random() < 0.6 ? pick(random, NUMBERS.slice(0, 10)) : pick(random, NUMBERS);
    return `${key}${colon}${value}`;
  });
  const tag = pick(random, ['!RY ', '!H  ', '!CNOT ', '!U3 ', '!X_1 ', '', '!!map ', '!9 ', '!RY']);
  const trail = pick(random, ['', '', '', ' # note', '  #x', '#x', '   ']);
  return `${tag}{${gap()}${entries.join(`${gap()},${gap()}`)}${gap()}}${trail}`;
}

function randomList(random: () => number): string {
  const items = Array.from({ length: 1 + Math.floor(random() * 4) }, () => randomItem(random));
  const indent = pick(random, ['', '  ', '    ']);
  return `gates:\n${items.map((item) => `${indent}- ${item}`).join('\n')}\n`;
}

/** The yaml package's reading of `text`, for the nodes' values. */
function referenceSeq(text: string): YAMLSeq | null {
  const [doc] = new Composer().compose(new Parser().parse(text));
  const root = doc?.contents;
  if (!doc || doc.errors.length > 0 || !isMap(root)) return null;
  const gates = root.items[0]?.value;
  return isSeq(gates) ? gates : null;
}

function gatesOf(text: string): YAMLSeq | null {
  const plain = composePlain(text, PAYLOAD_LIMITS);
  const root = plain && 'root' in plain ? plain.root : null;
  const gates = isMap(root) ? root.items[0]?.value : null;
  return isSeq(gates) ? (gates as YAMLSeq) : null;
}

/** Every compact item's tag, keys and numbers are those of the node it stands for. */
function expectNumbersMatchNodes(compact: CompactItems, reference: YAMLSeq, text: string): void {
  for (let i = 0; i < compact.length; i++) {
    const tag = compact.tags[i];
    if (tag === undefined) continue;
    const node = reference.items[i];
    if (!isMap(node)) throw new Error(`item ${i} is not a mapping in ${text}`);
    expect(node.tag, text).toBe(tag);
    const entries = node.items.map((pair) => {
      const key = pair.key as Node;
      const value = pair.value as Node;
      if (!isScalar(key) || !isScalar(value)) throw new Error(`item ${i}: not scalars in ${text}`);
      return [key.value, value.tag, typeof value.value, value.value];
    });
    const first = compact.firsts[i]!;
    const compactEntries = compact.keys
      .slice(first, compact.firsts[i + 1])
      .map((key, k) => [key, undefined, 'number', compact.numbers[first + k]]);
    expect(compactEntries, text).toEqual(entries);
    // -0 and 0 apart: toEqual treats them as equal.
    for (let k = 0; k < entries.length; k++)
      expect(Object.is(compact.numbers[first + k], entries[k]![3]), text).toBe(true);
    // The dialect reads the same gate (or none) from either form.
    for (const nqubits of [1, 8])
      expect(readCompactGate(compact, i, 'g', nqubits), text).toEqual(
        readPlainGate(node, 'g', nqubits),
      );
  }
}

describe('compact sequence items', () => {
  it('hold the numbers the nodes hold, and make the nodes the yaml package makes', () => {
    const random = seededRandom(29);
    let compactItems = 0;
    let nodeItems = 0;
    let refused = 0;
    for (let run = 0; run < 3000; run++) {
      const text = randomList(random);
      const gates = gatesOf(text);
      const reference = referenceSeq(text);
      if (!gates) {
        refused++;
        continue;
      }
      if (!reference)
        throw new Error(`the plain reader read what the yaml package refuses: ${text}`);
      const compact = compactItemsOf(gates);
      if (compact) {
        expectNumbersMatchNodes(compact, reference, text);
        for (let i = 0; i < compact.length; i++) {
          if (compact.tags[i] === undefined) nodeItems++;
          else compactItems++;
        }
      }
      // Reading the items makes every node: the same data, tags and ranges as the package's.
      const shape = (seq: YAMLSeq) => {
        const out: unknown[] = [];
        visit(seq, {
          Node(_key, node) {
            out.push([node.constructor.name, node.tag, node.range, isScalar(node) && node.value]);
          },
        });
        return out;
      };
      expect(shape(gates), text).toEqual(shape(reference));
      expect(compactItemsOf(gates)).toBeUndefined();
    }
    // Each side of the form's boundary is exercised.
    expect(compactItems).toBeGreaterThan(1000);
    expect(nodeItems).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(100);
  });

  it('make one item alone, the same node the items hold later', () => {
    const gates = gatesOf('gates:\n- !H {qubit: 0}\n- !RY {qubit: 1, theta: 0.5}\n- x\n')!;
    const compact = compactItemsOf(gates)!;
    expect(compact.tags).toEqual(['!H', '!RY', undefined]);
    const second = compact.node(1);
    expect(compactItemsOf(gates)).toBe(compact);
    expect(gates.items[1]).toBe(second);
    expect(gates.items).toHaveLength(3);
  });

  it('keep the fields of a sequence in their order, and take new items', () => {
    const gates = gatesOf('gates:\n  - !H {qubit: 0}\n')!;
    const plainSeq = gatesOf('gates:\n  - !H {qubit: x}\n')!;
    expect(compactItemsOf(plainSeq)).toBeUndefined();
    expect(Object.keys(gates)).toEqual(Object.keys(plainSeq));
    expect(Object.keys(gates)[0]).toBe(Object.keys(new Seq())[0]);
    gates.items = [];
    expect(gates.items).toEqual([]);
    expect(compactItemsOf(gates)).toBeUndefined();
    expect(Object.keys(gates)).toEqual(Object.keys(plainSeq));
  });

  it('are checked by the dialect without making a node for a plain gate', () => {
    const text = gatePayload(20_000);
    const { doc, lineCounter, problems } = parsePayloadText(text);
    expect(problems).toEqual([]);
    let gates: YAMLSeq | undefined;
    visit(doc, {
      Pair(_key, pair) {
        if (isScalar(pair.key) && pair.key.value === 'gates' && isSeq(pair.value)) {
          gates = pair.value as YAMLSeq;
          return visit.BREAK;
        }
        return undefined;
      },
    });
    const compact = compactItemsOf(gates);
    expect(compact?.length).toBeGreaterThan(500);
    expect(dialectProblems('B', doc, lineCounter, text)).toEqual([]);
    expect(compactItemsOf(gates)).toBe(compact);
    expect(compact!.nodes.filter((node) => node !== null).length).toBeLessThan(3);
  });

  it('stay compact when the simulator reads a functional object with no code-bearing tag', () => {
    const gates = Array.from({ length: 200 }, (_, i) => `    - !RX {qubit: ${i % 4}, theta: 0.5}`);
    const text = `!Sampling\nnshots: 10\ncircuit: !Circuit\n  nqubits: 4\n  gates:\n${gates.join('\n')}\n`;
    const src = parseYamlSource(text, 'sampling_payload.sampling', 'functional');
    let list: unknown;
    visit(src.doc, {
      Pair(_key, pair) {
        if (isScalar(pair.key) && pair.key.value === 'gates') {
          list = pair.value;
          return visit.BREAK;
        }
        return undefined;
      },
    });
    expect(compactItemsOf(list)?.length).toBe(200);
    // A code-bearing tag anywhere still has the whole tree searched, and is found.
    expect(() =>
      parseYamlSource(text.replace('nshots: 10', 'nshots: !function x'), 'p', 'functional'),
    ).toThrow(/code-bearing tag not supported/);
  });
});
