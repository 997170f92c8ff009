import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Node } from 'yaml';
import { isScalar, visit } from 'yaml';
import { documentToExecutePayload, parsePayloadText, propsOf } from '../../../../src/shared/yaml';
import { PAYLOAD_LIMITS } from '../../../../src/shared/yaml/limits';
import { composePlain } from '../../../../src/shared/yaml/plain-compose';
import { seededRandom } from '../../../../src/simulator/random';

/** Everything the app reads from a composed document, as plain data. */
function shape(text: string, plainReader: boolean) {
  const { doc, lineCounter, problems } = parsePayloadText(text, {}, { plainReader });
  const nodes: unknown[] = [];
  visit(doc, {
    Node(_key, node: Node) {
      const n = node as unknown as Record<string, unknown>;
      nodes.push({
        class: node.constructor.name,
        value: isScalar(node) ? [typeof node.value, node.value] : null,
        tag: node.tag,
        range: node.range,
        type: n.type,
        flow: n.flow,
        source: n.source,
        format: n.format,
        minFractionDigits: n.minFractionDigits,
        props: propsOf(node),
      });
    },
  });
  return { range: doc.range, lines: lineCounter.lineStarts, problems, nodes };
}

/** The two readers agree wherever the plain one reads; returns whether it did. */
function agree(text: string): boolean {
  if (!composePlain(text, PAYLOAD_LIMITS)) return false;
  expect(shape(text, true), text).toEqual(shape(text, false));
  return true;
}

const SCALARS = [
  '0',
  '12',
  '-3',
  '-0.5',
  '.5',
  '0.50',
  '1.0',
  '-2.000',
  '3.',
  '10',
  '1e3',
  '1.5e-7',
  '0x1F',
  '0o17',
  '.inf',
  '-.inf',
  '.nan',
  '.NaN',
  'null',
  '~',
  'Null',
  'true',
  'False',
  'yes',
  'x',
  'Z0 Z1',
  'pi/2',
  '2*pi',
  'a-b',
  '+1',
  '+.5',
  '"dq"',
  '"two words"',
  "'sq'",
  "'it''s'",
  "''",
  '""',
  '!Name 1',
  '!T x',
  '"a#b"',
  'a#b',
  'é',
  '-',
  'a: b',
  'x #c',
  '`x',
  '@x',
  '%x',
  '&a x',
  '*a',
  '|',
  '>',
  '? x',
  '"a\\"b"',
  '[',
  '{',
];
const KEYS = ['a', 'b_2', 'nqubits', 'T', 'null', 'true', '1', '"q"', 'a b', 'x-y'];
const TAGS = ['', '', '', '!Circuit ', '!H ', '!!int ', '!<x> ', '!e!x '];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** A random document in and around the plain subset. */
function randomDocument(random: () => number): string {
  const lines: string[] = [];
  const flow = (depth: number): string => {
    const r = random();
    if (depth > 2 || r < 0.5) return pick(random, SCALARS);
    const n = Math.floor(random() * 4);
    const gap = () => pick(random, ['', ' ', '  ']);
    const tag = pick(random, ['', '', '!G ']);
    if (r < 0.75) {
      const items = Array.from(
        { length: n },
        (_, i) => `${KEYS[i] ?? 'k'}:${pick(random, [' ', '  '])}${flow(depth + 1)}`,
      );
      return `${tag}{${gap()}${items.join(`${gap()},${gap()}`)}${gap()}}`;
    }
    return `${tag}[${gap()}${Array.from({ length: n }, () => flow(depth + 1)).join(`${gap()},${gap()}`)}${gap()}]`;
  };
  const extras = (indent: number) => {
    const r = random();
    if (r < 0.06) lines.push('');
    else if (r < 0.1) lines.push(`${' '.repeat(indent)}# note`);
    else if (r < 0.12) lines.push(`${' '.repeat(Math.floor(random() * 8))}# odd`);
    else if (r < 0.13) lines.push(' '.repeat(Math.floor(random() * 6)));
  };
  const block = (indent: number, depth: number, asSeq: boolean, firstPrefix: string | null) => {
    const n = 1 + Math.floor(random() * 4);
    for (let i = 0; i < n; i++) {
      if (i > 0 || firstPrefix === null) extras(indent);
      const lead = i === 0 && firstPrefix !== null ? firstPrefix : ' '.repeat(indent);
      const head = asSeq
        ? `${lead}- `
        : `${lead}${i === 0 && random() < 0.05 ? pick(random, KEYS) : (KEYS[i] ?? `k${i}`)}: `;
      const trail = random() < 0.1 ? pick(random, ['  # c', ' #c', '   ']) : '';
      const r = random();
      if (depth < 4 && r < 0.3) {
        const tag = pick(random, TAGS).trimEnd();
        lines.push(`${head}${tag}`.trimEnd());
        const child = indent + pick(random, [2, 2, 4, 1]);
        const seqHere = random() < 0.4;
        block(!asSeq && seqHere && random() < 0.3 ? indent : child, depth + 1, seqHere, null);
      } else if (asSeq && depth < 4 && r < 0.45) {
        block(indent + 2, depth + 1, false, `${head}`);
      } else lines.push(`${head}${flow(0)}${trail}`);
    }
  };
  if (random() < 0.3) lines.push('# title: x', '');
  block(0, 0, random() < 0.15, null);
  const end = pick(random, ['\n', '\n', '', '\n\n', '\n# tail\n']);
  return lines.join('\n') + end;
}

describe('composePlain (the plain subset read without the yaml package)', () => {
  it('builds the same nodes as the yaml package for every template and fixture it reads', () => {
    const folders = ['resources/templates/a', 'resources/templates/b', 'test/fixtures/dialect'];
    let plain = 0;
    for (const folder of folders) {
      for (const name of readdirSync(folder)) {
        if (agree(readFileSync(path.join(folder, name), 'utf8'))) plain++;
      }
    }
    expect(plain).toBeGreaterThan(15);
  });

  it('builds the same nodes for the functional objects and readouts extracted from them', () => {
    let plain = 0;
    for (const variant of ['a', 'b'] as const) {
      const folder = `resources/templates/${variant}`;
      for (const name of readdirSync(folder)) {
        const text = readFileSync(path.join(folder, name), 'utf8');
        const { payload } = documentToExecutePayload(variant === 'a' ? 'A' : 'B', text);
        const inner = Object.values(payload ?? {}).find((v) => typeof v === 'object');
        for (const extracted of Object.values(inner ?? {})) {
          if (typeof extracted === 'string' && agree(extracted)) plain++;
        }
      }
    }
    expect(plain).toBeGreaterThan(10);
    for (const text of ['!T {a: 1}', '!T [1, 2]\n', '!T\n- 1\n', '!T\na: 1\n', '!T x\n'])
      expect(agree(text.replace(/\\n/g, '\n')), text).toBe(true);
  });

  it('builds the same nodes as the yaml package on random documents in and around the subset', () => {
    const random = seededRandom(13);
    let plain = 0;
    const runs = 4000;
    for (let i = 0; i < runs; i++) if (agree(randomDocument(random))) plain++;
    // Both sides of the boundary are exercised.
    expect(plain).toBeGreaterThan(runs * 0.1);
    expect(plain).toBeLessThan(runs * 0.9);
  });

  it('leaves to the yaml package what it does not read', () => {
    for (const text of [
      'a: &x 1\nb: *x\n',
      'a: |\n  text\n',
      'a: [1,\n  2]\n',
      'a: 1\nb:\n',
      '---\na: 1\n',
      'a: 1\r\nb: 2\r\n',
      'a:\n\t- 1\n',
      'a: 1\na: 2\n',
      'a: !H {qubit: 1, qubit: 2}\n',
      '  a: 1\n',
      'a:\n  b: 1\n# out\nc: 2\n',
      'a: one\n  two\n',
      '',
    ])
      expect(composePlain(text, PAYLOAD_LIMITS), text).toBeNull();
  });

  it('leaves nesting past the limit to the yaml package’s depth check', () => {
    const deep = `a: ${'['.repeat(70)}${']'.repeat(70)}\n`;
    expect(composePlain(deep, PAYLOAD_LIMITS)).toBeNull();
    expect(parsePayloadText(deep).problems.map((p) => p.code)).toEqual(['depth_limit']);
  });
});
