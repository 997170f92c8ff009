import { describe, expect, it } from 'vitest';
import type { SdkYamlLimits } from '../../../../../src/shared/sdk/yaml';
import { DEFAULT_SDK_YAML_LIMITS, readSdkYaml } from '../../../../../src/shared/sdk/yaml';

/*
 * What an attacker or a broken tool sends: each is refused with a problem that says what and
 * where, by both readers, after work bounded by the text's size (the alias bombs are measured on
 * the graph as written, never expanded).
 */

function refusal(text: string, reader: 'auto' | 'general', limits: SdkYamlLimits = {}) {
  const result = readSdkYaml(text, limits, { reader });
  if (result.node) throw new Error('the document was accepted');
  expect(result.problems.length).toBeGreaterThan(0);
  return result.problems[0]!;
}

/** Nine levels of ten aliases each: 10^9 nodes as a tree, a few hundred bytes as written. */
function billionLaughs(flow: boolean): string {
  const lines = [
    flow ? 'l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]' : 'l0: &l0 lol',
  ];
  for (let i = 1; i <= 9; i++) {
    const refs = Array.from({ length: 10 }, () => `*l${i - 1}`);
    if (flow) lines.push(`l${i}: &l${i} [${refs.join(', ')}]`);
    else lines.push(`l${i}: &l${i}\n${refs.map((r) => `- ${r}`).join('\n')}`);
  }
  return `${lines.join('\n')}\n`;
}

describe.each(['auto', 'general'] as const)('hostile documents (%s reader)', (reader) => {
  it.each([true, false])(
    'refuses an alias bomb (flow: %s) at the alias that passes the limit',
    (flow) => {
      const problem = refusal(billionLaughs(flow), reader);
      expect(problem.code).toBe('alias_limit');
      expect(problem.message).toContain(`more than ${DEFAULT_SDK_YAML_LIMITS.maxTreeNodes} nodes`);
      expect(problem.line).toBeGreaterThan(1);
    },
  );

  it('counts what a key that is an alias stands for', () => {
    const big = `[${Array.from({ length: 60 }, (_, i) => i).join(', ')}]`;
    const ok = `a: &a ${big}\nb: *a\n`;
    expect(readSdkYaml(ok, { maxTreeNodes: 150 }, { reader }).node).not.toBeNull();
    const text = `a: &a ${big}\nb: *a\n? *a\n: 1\nc: *a\n`;
    const problem = refusal(text, reader, { maxTreeNodes: 150 });
    expect(problem).toMatchObject({ code: 'alias_limit', line: 3 });
    expect(problem.message).toContain('at *a');
  });

  it('refuses aliases whose expansion nests deeper than the limit', () => {
    const lines = ['a0: &a0 [x]'];
    for (let i = 1; i <= 80; i++) lines.push(`a${i}: &a${i}\n- *a${i - 1}`);
    expect(refusal(`${lines.join('\n')}\n`, reader).code).toBe('depth_limit');
  });

  it.each([
    ['flow', `${'['.repeat(10_000)}${']'.repeat(10_000)}\n`],
    [
      'block sequence',
      `${Array.from({ length: 300 }, (_, i) => `${' '.repeat(i * 2)}- `).join('\n')}x\n`,
    ],
    [
      'block mapping',
      `${Array.from({ length: 300 }, (_, i) => `${' '.repeat(i * 2)}k:`).join('\n')} x\n`,
    ],
  ])('refuses nesting deeper than the limit (%s)', (_kind, text) => {
    expect(refusal(text, reader).code).toBe('depth_limit');
  });

  it('refuses a document over the byte limit before reading it', () => {
    expect(refusal(`k: ${'x'.repeat(2000)}\n`, reader, { maxBytes: 1000 })).toMatchObject({
      code: 'size_limit',
      message: 'the document is 2004 bytes; the limit is 1000 bytes',
    });
    const huge = `k: ${'é'.repeat(DEFAULT_SDK_YAML_LIMITS.maxBytes / 2)}\n`;
    expect(refusal(huge, reader).code).toBe('size_limit');
  });

  it.each([
    ['recursive_alias', 'a: &a\n- *a\n', 2],
    ['undefined_alias', 'a: 1\nb: *nowhere\n', 2],
    ['DUPLICATE_KEY', '!Circuit\n_nqubits: 1\n_nqubits: 2\n', 3],
    ['DUPLICATE_KEY', '{1: a, 1.0: b}\n', 1],
    ['unsupported_key', 'base: &b {x: 1}\nk:\n  <<: *b\n', 3],
  ])('refuses %s', (code, text, line) => {
    expect(refusal(text, reader)).toMatchObject({ code, line });
  });

  it('refuses broken syntax with its position', () => {
    const problem = refusal('!Circuit\n_gates: [1, 2\n_nqubits: 2\n', reader);
    expect(problem.severity).toBe('error');
    expect(problem.line).toBeGreaterThanOrEqual(2);
  });

  it('refuses a second document', () => {
    expect(refusal('a: 1\n---\nb: 2\n', reader).code).toBe('MULTIPLE_DOCS');
  });
});
