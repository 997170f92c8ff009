import { describe, expect, it } from 'vitest';
import type { Node } from 'yaml';
import { isAlias, isCollection, isPair, visit } from 'yaml';
import {
  documentToExecutePayload,
  nodeSourceText,
  parsePayloadText,
  resolveNode,
  sameData,
} from '../../../../src/shared/yaml';
import { aliasTarget } from '../../../../src/shared/yaml/origins';
import { needsRereading } from '../../../../src/shared/yaml/stands-alone';
import { seededRandom } from '../../../../src/simulator/random';

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

const SCALARS = [
  '1',
  'x',
  '"q"',
  "'s'",
  '0x1F',
  'yes',
  '~',
  '!T v',
  'two words',
  '.inf',
  '"multi\n    line"',
  'plain\n    continued',
  '[1,\n  2]',
  '{a: 1,\n b: 2}',
  '|\n    lit\n    eral\n',
  '>-\n    fold\n\n    ed\n',
  '|+\n    kept\n\n',
  '&a 7',
  '*a',
  '!!str 5',
  '!!binary aGk=',
  '2001-12-14',
];

/** Random YAML with what the plain reader leaves out: anchors, block scalars, multi-line flow. */
function randomDocument(random: () => number): string {
  const out: string[] = [];
  if (random() < 0.2) out.push(pick(random, ['%YAML 1.1\n---', '%TAG !e! tag:e.org,2000:\n---']));
  const block = (indent: number, depth: number) => {
    const pad = ' '.repeat(indent);
    const n = 1 + Math.floor(random() * 3);
    for (let i = 0; i < n; i++) {
      if (random() < 0.15) out.push(`${' '.repeat(Math.floor(random() * (indent + 3)))}# c`);
      const key = `k${i}`;
      const r = random();
      if (depth < 3 && r < 0.4) {
        const props = pick(random, ['', '!M', '&m', '!M &m', '&m !M', '!e!x']);
        out.push(`${pad}${key}: ${props}`.trimEnd());
        if (random() < 0.3) {
          const step = pick(random, [0, 2]);
          for (let j = 0; j < 2; j++)
            out.push(
              `${' '.repeat(indent + step)}- ${pick(random, SCALARS).replace(/\n/g, `\n${' '.repeat(indent + step + 2)}`)}`,
            );
        } else block(indent + pick(random, [1, 2, 3]), depth + 1);
      } else {
        const value = pick(random, SCALARS).replace(/\n/g, `\n${pad}  `);
        out.push(`${pad}${key}: ${pick(random, ['', '', '!T ', '|2\n' + pad + '   '])}${value}`);
      }
    }
  };
  block(0, 0);
  return `${out.join('\n')}\n`;
}

/** Whether every alias in `node` points inside it (else its text cannot stand alone anyway). */
function aliasesInside(node: Node): boolean {
  const [s = 0, e = 0] = node.range ?? [];
  let inside = true;
  visit(node, {
    Alias(_k, alias) {
      const [t0 = -1, t1 = -1] = aliasTarget(alias)?.range ?? [];
      if (t0 < s || t1 > e) inside = false;
    },
  });
  return inside;
}

describe('an extracted text stands alone (proven on the one tree)', () => {
  it('agrees with reading the text again wherever it skips that reading', () => {
    const random = seededRandom(7);
    let proven = 0;
    let reread = 0;
    for (let run = 0; run < 800; run++) {
      const text = randomDocument(random);
      const { doc, problems } = parsePayloadText(text, {}, { plainReader: false });
      if (problems.some((p) => p.severity === 'error')) continue;
      const values: Node[] = [];
      visit(doc, {
        Pair(_k, pair) {
          if (isPair(pair) && pair.value && typeof pair.value === 'object') {
            values.push(pair.value as Node);
          }
        },
      });
      for (const written of values) {
        const node = resolveNode(written);
        if (!node || !aliasesInside(node)) continue;
        const source = nodeSourceText(text, written);
        if (needsRereading(doc, source)) {
          reread++;
          continue;
        }
        proven++;
        const alone = parsePayloadText(source);
        expect(
          alone.problems.filter((p) => p.severity === 'error'),
          `${text}\n--- ${source}`,
        ).toEqual([]);
        expect(sameData(node, alone.doc.contents), `${text}\n--- ${source}`).toBe(true);
        if (isCollection(node) && !isAlias(written)) expect(source.length).toBeGreaterThan(0);
      }
    }
    expect(proven).toBeGreaterThan(500);
    expect(reread).toBeGreaterThan(30);
  });

  it('refuses a text that means something else alone, saying why and where', () => {
    const text = [
      'type: sampling',
      'sampling_payload:',
      '  sampling: |1',
      '    !Sampling',
      '',
    ].join('\n');
    const { payload, problems } = documentToExecutePayload('B', text);
    expect(payload).toBeNull();
    const problem = problems.find((p) => p.code === 'extract_failed');
    expect(problem?.message).toMatch(
      /cannot be sent as written: its text does not parse on its own/,
    );
    expect([problem?.line, problem?.path]).toEqual([3, 'sampling_payload.sampling']);
  });
});
