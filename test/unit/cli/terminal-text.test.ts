import { describe, expect, it } from 'vitest';
import { oneLine, printable } from '../../../src/cli/output/terminal-text';

describe('printable', () => {
  it.each([
    ['OSC 52 (clipboard)', '\x1b]52;c;ZWNobw==\x07', '\\x1b]52;c;ZWNobw==\\x07'],
    ['OSC 0 (window title)', '\x1b]0;title\x07', '\\x1b]0;title\\x07'],
    ['CSI 2J (clear screen)', '\x1b[2J', '\\x1b[2J'],
    ['a carriage return', 'ok\rBAD', 'ok\\rBAD'],
    ['a backspace', 'ok\b\bNO', 'ok\\b\\bNO'],
    ['BEL', 'ding\x07', 'ding\\x07'],
    ['C1 CSI and OSC', '\x9b2J\x9d0;x\x9c', '\\x9b2J\\x9d0;x\\x9c'],
    ['DEL and NUL', 'a\x7fb\x00c', 'a\\x7fb\\x00c'],
    ['a direction override', 'abc\u202edcb', 'abc\\u{202e}dcb'],
    ['line breaks on one line', 'a\nb\tc', 'a\\nb\\tc'],
  ])('escapes %s', (_what, text, shown) => {
    expect(printable(text)).toBe(shown);
  });

  it('keeps line breaks and tabs of a text, and Windows line ends as line ends', () => {
    expect(printable('a\r\nb\tc\rd\n', { multiline: true })).toBe('a\nb\tc\\rd\n');
  });

  it('escapes, strips or keeps colour, and keeps nothing else', () => {
    const text = '\x1b[1;31mred\x1b[0m \x1b]0;t\x07';
    expect(printable(text)).toBe('\\x1b[1;31mred\\x1b[0m \\x1b]0;t\\x07');
    expect(printable(text, { sgr: 'strip' })).toBe('red \\x1b]0;t\\x07');
    // Kept colour is reset at the end, so a log cannot leave the terminal red.
    expect(printable(text, { sgr: 'keep' })).toBe('\x1b[1;31mred\x1b[0m \\x1b]0;t\\x07\x1b[0m');
  });

  it('adds no reset to kept text that has no colour', () => {
    expect(printable('plain\tline', { sgr: 'keep', multiline: true })).toBe('plain\tline');
  });

  it('oneLine: a name or a message from a service cannot break the line or move the cursor', () => {
    expect(oneLine('job\n\x1b[2Aname\r')).toBe('job\\n\\x1b[2Aname\\r');
  });

  it('leaves ordinary text alone, Unicode included', () => {
    expect(printable('Ψ ⟩ é ✓ 量子')).toBe('Ψ ⟩ é ✓ 量子');
  });
});
