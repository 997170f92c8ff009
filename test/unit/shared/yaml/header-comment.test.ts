import { describe, expect, it } from 'vitest';
import { readHeaderComment } from '../../../../src/shared/yaml/header-comment';

describe("a payload's leading comment", () => {
  it('gives the title and the description, joined over several lines', () => {
    expect(
      readHeaderComment(
        '---\n# title:  Bell pair \n\n# description: Two qubits,\n#Description: entangled.\ntype: sampling\n',
      ),
    ).toEqual({ title: 'Bell pair', description: 'Two qubits, entangled.' });
  });

  it('stops at the first content line and ignores other comments', () => {
    expect(readHeaderComment('# A note\ntype: sampling\n# title: too late\n')).toEqual({});
  });

  it('skips an empty title, reads CRLF files and a text without a newline', () => {
    expect(readHeaderComment('# title:\r\n# title: Rabi\r\ntype: x\r\n')).toEqual({
      title: 'Rabi',
    });
    expect(readHeaderComment('# title: only')).toEqual({ title: 'only' });
    expect(readHeaderComment('')).toEqual({});
  });
});
