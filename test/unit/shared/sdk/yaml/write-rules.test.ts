import { describe, expect, it } from 'vitest';
import { readSdkYaml, sameSdkTree, writeSdkYaml } from '../../../../../src/shared/sdk/yaml';
import { WRITER_CASES } from './writer-cases';

describe.each(WRITER_CASES.map((c) => [c.rule, c] as const))(
  'writer: %s',
  (_rule, { graph, expected }) => {
    it('writes the bytes ruamel.yaml writes', () => {
      expect(writeSdkYaml(graph)).toBe(expected);
    });

    it('reads them back to the same tree', () => {
      const read = readSdkYaml(expected);
      if (!read.node) throw new Error(read.problems.map((p) => p.message).join('; '));
      expect(read.reader).toBe('fast');
      expect(sameSdkTree(graph, read.node)).toBeNull();
      expect(writeSdkYaml(read.node)).toBe(expected);
    });
  },
);
