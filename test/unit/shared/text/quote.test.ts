import { describe, expect, it } from 'vitest';
import { showBidiControls } from '../../../../src/shared/text/bidi';
import { QUOTED_MAX_CHARS, clipped, quoted } from '../../../../src/shared/text/quote';

describe('quoted: what a message quotes of someone else’s text', () => {
  it('quotes a short text whole, in the mark asked for', () => {
    expect(quoted('calib')).toBe('"calib"');
    expect(quoted('calib', "'")).toBe("'calib'");
    expect(quoted('x'.repeat(QUOTED_MAX_CHARS))).toBe(`"${'x'.repeat(QUOTED_MAX_CHARS)}"`);
  });

  it('cuts a long one, saying how long it was: an 8 MB key makes a short message', () => {
    const shown = quoted('k'.repeat(8_000_000));
    expect(shown).toBe(`"${'k'.repeat(QUOTED_MAX_CHARS - 1)}…" (8,000,000 characters)`);
    expect(shown.length).toBeLessThan(120);
  });

  it('never cuts a surrogate pair in two', () => {
    const text = `${'a'.repeat(QUOTED_MAX_CHARS - 2)}😀${'b'.repeat(10)}`;
    expect(clipped(text)).toBe(`${'a'.repeat(QUOTED_MAX_CHARS - 2)}…`);
    expect(clipped('short')).toBe('short');
  });
});

describe('showBidiControls: direction controls shown, not obeyed', () => {
  it('shows each embedding, override and isolate as its code, as qjob prints it', () => {
    expect(showBidiControls('report\u202efdp.exe')).toBe('report\\u{202e}fdp.exe');
    expect(showBidiControls('\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069')).toBe(
      '\\u{202a}\\u{202b}\\u{202c}\\u{202d}\\u{2066}\\u{2067}\\u{2068}\\u{2069}',
    );
  });

  it('leaves every other text alone, right-to-left scripts included', () => {
    expect(showBidiControls('שלום · مرحبا · Ψ ⟩')).toBe('שלום · مرحبا · Ψ ⟩');
  });
});
