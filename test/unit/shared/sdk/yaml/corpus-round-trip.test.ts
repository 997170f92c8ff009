import { describe, expect, it } from 'vitest';
import { readSdkYaml, sameSdkTree, writeSdkYaml } from '../../../../../src/shared/sdk/yaml';
import { sdkYamlSamples } from './sdk-corpus';

/*
 * The ground truth: every YAML string qilisdk itself wrote (the functional, readout and
 * experiment strings of every request body, every result file), in the three SDK versions of
 * `test/fixtures/sdk`. Reading one and writing the graph back gives the SDK's very bytes.
 */

const samples = sdkYamlSamples();

describe('the SDK corpus', () => {
  it('holds the strings of every version', () => {
    expect(samples.length).toBeGreaterThan(140);
    for (const version of ['A-0.2.1.post1', 'A-main', 'B-0.1.6']) {
      expect(
        samples.filter((s) => s.name.startsWith(`${version}/requests/`)).length,
      ).toBeGreaterThan(20);
      expect(
        samples.filter((s) => s.name.startsWith(`${version}/results/`)).length,
      ).toBeGreaterThan(7);
    }
  });
});

describe.each(samples.map((s) => [s.name, s.text] as const))('%s', (_name, text) => {
  it('reads with the fast reader and writes back the identical bytes', () => {
    const read = readSdkYaml(text);
    if (!read.node) throw new Error(read.problems.map((p) => p.message).join('; '));
    expect(read.reader).toBe('fast');
    expect(writeSdkYaml(read.node)).toBe(text);
  });

  it('reads the same graph with the general reader', () => {
    const fast = readSdkYaml(text);
    const general = readSdkYaml(text, {}, { reader: 'general' });
    if (!fast.node || !general.node) throw new Error('refused');
    expect(general.reader).toBe('general');
    expect(sameSdkTree(fast.node, general.node)).toBeNull();
    expect(writeSdkYaml(general.node)).toBe(text);
  });
});
