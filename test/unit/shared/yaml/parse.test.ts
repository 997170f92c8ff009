import { describe, expect, it } from 'vitest';
import { isMap, isScalar } from 'yaml';
import { parsePayloadText, rootTag } from '../../../../src/shared/yaml';

describe('parsePayloadText: tags are data', () => {
  it('keeps every custom tag on its node without warnings, and resolves nothing', () => {
    const text = [
      'a: !Circuit {nqubits: 2}',
      'b: !Gates [!H {qubit: 0}]',
      'c: !Label 123',
      'd: !!python/name:os.system ""',
      'e: !<tag:example.com,2026:thing> {x: 1}',
      'f: !!int "7"',
      '',
    ].join('\n');
    const { doc, problems } = parsePayloadText(text);
    expect(problems).toEqual([]);
    const root = doc.contents;
    if (!isMap(root)) throw new Error('expected a map');
    const tags = root.items.map((p) => (p.value as { tag?: string }).tag);
    expect(tags).toEqual([
      '!Circuit',
      '!Gates',
      '!Label',
      'tag:yaml.org,2002:python/name:os.system',
      'tag:example.com,2026:thing',
      'tag:yaml.org,2002:int',
    ]);
    const label = root.items[2]?.value;
    // A tagged scalar keeps its text: never turned into something by a constructor.
    expect(isScalar(label) && label.value).toBe('123');
    // Built-in tags keep their meaning.
    const seven = root.items[5]?.value;
    expect(isScalar(seven) && seven.value).toBe(7);
    expect(doc.toJS()).toMatchObject({ a: { nqubits: 2 }, c: '123', d: '' });
  });

  it('honours %TAG handles', () => {
    const { doc, problems } = parsePayloadText(
      '%TAG !q! tag:qilimanjaro.tech,2026:\n--- !q!Sampling\nnshots: 1\n',
    );
    expect(problems).toEqual([]);
    expect(doc.contents?.tag).toBe('tag:qilimanjaro.tech,2026:Sampling');
  });

  it('reports syntax errors with 1-based line and column', () => {
    const text = 'type: sampling\nsampling_payload:\n  sampling: !Sampling {nshots: 1\n';
    const { problems } = parsePayloadText(text);
    expect(problems.length).toBeGreaterThan(0);
    const first = problems[0];
    expect(first?.severity).toBe('error');
    expect(first?.line).toBeGreaterThanOrEqual(3);
    expect(first?.column).toBeGreaterThanOrEqual(1);
    expect(first?.code).toMatch(/^[A-Z_]+$/);
  });

  it('reports a duplicate key where it is', () => {
    const { problems } = parsePayloadText('type: a\ntype: b\n');
    expect(problems.map((p) => [p.code, p.line, p.column])).toEqual([['DUPLICATE_KEY', 2, 1]]);
  });

  it('refuses a second document', () => {
    const { problems } = parsePayloadText('type: a\n---\ntype: b\n');
    expect(problems.map((p) => [p.code, p.line])).toEqual([['MULTIPLE_DOCS', 2]]);
  });
});

describe('parsePayloadText: limits', () => {
  it('stops an alias bomb with a clear error, without expanding it', () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const { problems } = parsePayloadText(lines.join('\n'));
    const bomb = problems.find((p) => p.code === 'alias_limit');
    expect(bomb?.severity).toBe('error');
    expect(bomb?.message).toMatch(/aliases would expand to more than 1,000,000 nodes/);
    // The aliases of b..f add 672,588 nodes; the first alias on line 7 (worth 597,871) passes 1M.
    expect(bomb?.line).toBe(7);
  });

  it('lets a document use a few aliases, and honours a custom maxAliasNodes', () => {
    const text = 'x: &x 1\ny: [*x, *x, *x]\n';
    expect(parsePayloadText(text).problems).toEqual([]);
    expect(parsePayloadText(text, { maxAliasNodes: 2 }).problems.map((p) => p.code)).toEqual([
      'alias_limit',
    ]);
  });

  it('reports an alias with no anchor and a recursive alias', () => {
    expect(
      parsePayloadText('a: *nowhere\n').problems.map((p) => [p.code, p.line, p.column]),
    ).toEqual([['undefined_alias', 1, 4]]);
    expect(parsePayloadText('a: &r [1, *r]\n').problems.map((p) => p.code)).toEqual([
      'recursive_alias',
    ]);
  });

  it('stops absurd flow nesting before the composer recurses, naming where', () => {
    const text = `type: sampling\nx: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;
    const { problems, doc } = parsePayloadText(text);
    expect(problems.map((p) => p.code)).toEqual(['depth_limit']);
    expect(problems[0]?.message).toMatch(/deeper than 64 levels/);
    expect(problems[0]?.line).toBe(2);
    expect(doc.contents).toBeNull();
  });

  it('stops deep block nesting too, and honours maxDepth', () => {
    let text = '';
    for (let i = 0; i < 70; i++) text += `${' '.repeat(i)}k${i}:\n`;
    text += `${' '.repeat(70)}v\n`;
    expect(parsePayloadText(text).problems.map((p) => [p.code, p.line])).toEqual([
      ['depth_limit', 65],
    ]);
    expect(parsePayloadText('a: [[1]]\n', { maxDepth: 2 }).problems.map((p) => p.code)).toEqual([
      'depth_limit',
    ]);
    expect(parsePayloadText('a: [[1]]\n', { maxDepth: 3 }).problems).toEqual([]);
  });

  it('refuses a document above the size limit without parsing it', () => {
    const { problems } = parsePayloadText(`a: "${'é'.repeat(600)}"`, { maxBytes: 1000 });
    expect(problems.map((p) => [p.code, p.line, p.column])).toEqual([['size_limit', 1, 1]]);
    expect(problems[0]?.message).toMatch(/1205 bytes; the limit is 1000/);
  });
});

describe('rootTag', () => {
  it.each([
    ['!SamplingResult {nshots: 1}', '!SamplingResult'],
    ['!SamplingResult\n_nshots: 1000\n_samples: {"00": 1}\n', '!SamplingResult'],
    ['# a result\n--- !T1ExperimentResult\nwait_times: []\n', '!T1ExperimentResult'],
    ['&r !RabiExperimentResult\ns21: []\n', '!RabiExperimentResult'],
    ['!!python/object:qililab.Result {}', 'tag:yaml.org,2002:python/object:qililab.Result'],
    ['%TAG !q! tag:q.tech,2026:\n--- !q!R {}\n', 'tag:q.tech,2026:R'],
    ['{nshots: 1}', null],
    ['!Key nshots: 1\n', null],
    ['', null],
    ['- !A {}\n', null],
    ['!Label 123', '!Label'],
    ['!R', '!R'],
    ['!K "quoted": 1\n', null],
    ['!Note |\n  text\n', '!Note'],
  ])('%j → %j', (text, tag) => {
    expect(rootTag(text)).toBe(tag);
  });

  it('finds the tag of a large result', () => {
    const big = `!SamplingResult\n_samples:\n${"  '0101010101': 1\n".repeat(400_000)}`;
    expect(rootTag(big)).toBe('!SamplingResult');
  });
});
