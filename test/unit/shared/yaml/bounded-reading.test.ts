import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineCounter, Parser, isMap, isSeq } from 'yaml';
import { parseYamlSource } from '../../../../src/shared/dialect/yaml-source';
import { DialectError } from '../../../../src/shared/dialect/dialect-error';
import { readBoundedCst } from '../../../../src/shared/yaml/bounded-cst';
import { parseDocumentWithin } from '../../../../src/shared/yaml/bounded-document';
import { scanCst } from '../../../../src/shared/yaml/cst-scan';
import { composePlain } from '../../../../src/shared/yaml/plain-compose';
import { MAX_YAML_PROBLEMS, PAYLOAD_LIMITS, parsePayloadText } from '../../../../src/shared/yaml';
import { REPO_ROOT } from '../../../support/cli-runner';

/**
 * Depth, node counts and problem counts checked while a document is read (issue 28): the limits
 * refuse what the finished tree would be refused for, at the same place, and nothing else.
 */
const MAX = PAYLOAD_LIMITS.maxDepth;

/** Documents nested `levels` deep, one shape each: flow, block, compact and mixed. */
const SHAPES: Record<string, (levels: number) => string> = {
  'flow sequences': (n) => `a: ${'['.repeat(n - 1)}1${']'.repeat(n - 1)}\n`,
  'flow mappings': (n) => `a: ${'{b: '.repeat(n - 1)}1${'}'.repeat(n - 1)}\n`,
  'block mappings': (n) =>
    `${Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} 1\n`,
  'block sequences on one line': (n) => `${'- '.repeat(n)}1\n`,
  'block sequences, one a line': (n) =>
    `${Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}-`).join('\n')} 1\n`,
  'flow inside block': (n) =>
    `${Array.from({ length: n - 10 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} ${'['.repeat(10)}1${']'.repeat(10)}\n`,
  'explicit keys': (n) => `${'? '.repeat(n)}1\n`,
  'a flow collection as a key': (n) => `${'['.repeat(n - 1)}1${']'.repeat(n - 1)}: x\n`,
};

/** Where the finished tree is first too deep, as the check after composing sees it. */
function deepOffset(text: string): number | null {
  const tokens = Array.from(new Parser().parse(text));
  return scanCst(tokens, MAX).tooDeep?.offset ?? null;
}

describe('nesting, checked while the text is read', () => {
  for (const [shape, make] of Object.entries(SHAPES)) {
    it(`${shape}: ${MAX} levels are read, ${MAX + 1} refused where the tree says`, () => {
      for (const plainReader of [true, false]) {
        const within = parsePayloadText(make(MAX), {}, { plainReader });
        expect(within.problems.filter((p) => p.code === 'depth_limit')).toEqual([]);
        const text = make(MAX + 1);
        const over = parsePayloadText(text, {}, { plainReader });
        const deep = over.problems.filter((p) => p.code === 'depth_limit');
        expect(deep).toHaveLength(1);
        const offset = deepOffset(text)!;
        expect(offset).not.toBeNull();
        expect(over.lineCounter.linePos(offset)).toEqual({
          line: deep[0]!.line,
          col: deep[0]!.column,
        });
      }
    });
  }

  it('refuses 4 million levels at the 65th, having read no further', () => {
    const text = `a: ${'['.repeat(4_000_000)}${']'.repeat(4_000_000)}\n`;
    const read = readBoundedCst(text, { maxDepth: MAX, maxNodes: 1e9, maxErrors: 10 });
    expect(read.passed).toEqual({ limit: 'depth', max: MAX, offset: 3 + MAX - 1 });
    const dashes = `${'- '.repeat(4_000_000)}1\n`;
    expect(readBoundedCst(dashes, { maxDepth: MAX, maxNodes: 1e9, maxErrors: 10 }).passed).toEqual({
      limit: 'depth',
      max: MAX,
      offset: 2 * MAX,
    });
  });

  it('gives the tokens the parser gives, wherever no limit is passed', () => {
    const texts = ['a', 'b'].flatMap((variant) => {
      const dir = path.join(REPO_ROOT, 'resources/templates', variant);
      return readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
    });
    texts.push('a: &x [1, {b: *x}]\n---\nc: |\n  d\n', ']]]\n', '{a: 1,, b: 2}\n');
    for (const text of texts) {
      const lines = new LineCounter();
      const read = readBoundedCst(text, { ...PAYLOAD_LIMITS, maxErrors: 100 }, lines.addNewLine);
      const reference = new LineCounter();
      expect(read.tokens).toEqual(Array.from(new Parser(reference.addNewLine).parse(text)));
      expect(lines.lineStarts).toEqual(reference.lineStarts);
    }
  });
});

describe('node counts, checked while the text is read', () => {
  const limits = { maxDepth: MAX, maxNodes: 10, maxAliasNodes: 100, maxBytes: 1e6 };
  // A root mapping, its key and a sequence of values: 1 + 1 + 1 + n nodes.
  const flat = (n: number) => `a: [${Array(n).fill('0').join(', ')}]\n`;

  it('reads a document of the limit, and refuses one more node where it is written', () => {
    for (const plainReader of [true, false]) {
      expect(parsePayloadText(flat(7), limits, { plainReader }).problems).toEqual([]);
      const over = parsePayloadText(flat(8), limits, { plainReader });
      expect(over.problems.map((p) => [p.code, p.line])).toEqual([['node_limit', 1]]);
      expect(over.problems[0]!.message).toBe(
        'the document has more than 10 nodes (keys, values and collections): the limit is passed here; the document was not read further',
      );
    }
  });

  it('counts empty items and indicators as the nodes they make', () => {
    const dashes = `a:\n${'-\n'.repeat(20)}`;
    const read = readBoundedCst(dashes, { maxDepth: MAX, maxNodes: 10, maxErrors: 10 });
    expect(read.passed?.limit).toBe('nodes');
  });

  it('does not count compact items read after the document, when they become nodes', () => {
    const gates = Array.from({ length: 200 }, (_, i) => `    - !H {qubit: ${i % 2}}`).join('\n');
    const text = `circuit: !Circuit\n  nqubits: 2\n  gates:\n${gates}\n`;
    const plain = composePlain(text, { maxDepth: MAX, maxNodes: 210 });
    expect(plain && 'root' in plain).toBe(true);
    const root = (plain as { root: unknown }).root;
    const circuit = isMap(root) ? root.get('circuit', true) : null;
    const gatesSeq = isMap(circuit) ? circuit.get('gates', true) : null;
    const items = isSeq(gatesSeq) ? gatesSeq.items : [];
    expect(items).toHaveLength(200);
    expect(items.every((item) => isMap(item))).toBe(true);
    expect(composePlain(text, { maxDepth: MAX, maxNodes: 100 })).toMatchObject({
      passed: { limit: 'nodes', max: 100 },
    });
  });
});

describe('problems, counted past a cap instead of made', () => {
  it('keeps the first errors and says how many more there are', () => {
    const text = `a: [${','.repeat(5000)}]\n`;
    const { problems } = parsePayloadText(text);
    expect(problems).toHaveLength(MAX_YAML_PROBLEMS + 1);
    const last = problems.find((p) => p.code === 'problem_limit')!;
    expect(last.severity).toBe('error');
    expect(last.message).toBe(
      `${5000 - MAX_YAML_PROBLEMS} more problems from here on are not listed (only the first ${MAX_YAML_PROBLEMS} errors and ${MAX_YAML_PROBLEMS} warnings are)`,
    );
  });

  it('caps the parser’s own error tokens too', () => {
    const read = readBoundedCst(`a: 1\n${']'.repeat(5000)}\n`, {
      maxDepth: MAX,
      maxNodes: 1e6,
      maxErrors: 100,
    });
    expect(read.passed).toBeNull();
    expect(read.tokens!.filter((t) => t.type === 'error')).toHaveLength(100);
    expect(read.passed === null && read.droppedErrors.count).toBe(4900);
  });
});

describe('the other readers of YAML, within the same limits', () => {
  it('parseDocumentWithin refuses as the payload reader does, and reads as parseDocument does', () => {
    const deep = parseDocumentWithin(
      `${'['.repeat(100)}${']'.repeat(100)}`,
      new LineCounter(),
      PAYLOAD_LIMITS,
    );
    expect(deep.passed).toMatchObject({ limit: 'depth', max: MAX });
    const doc = parseDocumentWithin(
      'a: [1, 2]\n---\nb: 1\n',
      new LineCounter(),
      PAYLOAD_LIMITS,
    ).doc!;
    expect(doc.toJS()).toEqual({ a: [1, 2] });
    expect(doc.errors.map((e) => e.code)).toEqual(['MULTIPLE_DOCS']);
  });

  it('the simulator’s reader of a functional object says where and which limit', () => {
    const text = `!Sampling\nnshots: 10\ncircuit: ${'['.repeat(200)}${']'.repeat(200)}\n`;
    let error: unknown;
    try {
      parseYamlSource(text, 'sampling_payload.sampling', 'functional');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DialectError);
    expect((error as DialectError).init.code).toBe('dialect.depth_limit');
    expect((error as DialectError).message).toBe(
      `sampling_payload.sampling: nesting deeper than ${MAX} levels starts at line 3, column ${10 + MAX - 1}; the document was not read further`,
    );
  });
});
