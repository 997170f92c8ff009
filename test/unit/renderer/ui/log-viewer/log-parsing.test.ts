import { describe, expect, it } from 'vitest';
import { parseAnsiLine, stripAnsi, color256 } from '../../../../../src/renderer/ui/log-viewer/ansi';
import {
  appendsTo,
  indexLines,
  lineAt,
  lineOfOffset,
} from '../../../../../src/renderer/ui/log-viewer/line-index';
import { buildPieces, lineMarks } from '../../../../../src/renderer/ui/log-viewer/log-highlight';
import {
  canResume,
  matchesOnLine,
  searchLog,
} from '../../../../../src/renderer/ui/log-viewer/log-search';
import type { SearchResult } from '../../../../../src/renderer/ui/log-viewer/log-search';
import {
  fixedGeometry,
  wrappedGeometry,
  scrollScale,
  MAX_SCROLL_PX,
} from '../../../../../src/renderer/ui/log-viewer/row-geometry';

describe('line index', () => {
  it('splits lines, CRLF included, without a phantom last line', async () => {
    const index = await indexLines('a\r\nbb\nccc\n');
    expect(index.count).toBe(3);
    expect([0, 1, 2].map((i) => lineAt(index, i))).toEqual(['a', 'bb', 'ccc']);
    expect(index.maxLength).toBe(3);
    expect(lineOfOffset(index, 4)).toBe(1);
  });

  it('indexes only the new part of a grown log', async () => {
    const first = await indexLines('one\ntw');
    const grown = await indexLines('one\ntwo\nthree', { previous: first });
    expect(grown.count).toBe(3);
    expect(lineAt(grown, 1)).toBe('two');
    expect(lineAt(grown, 2)).toBe('three');
  });

  it('tells a grown log from a replaced one', async () => {
    const first = await indexLines('one\ntwo\n');
    expect(appendsTo(first, 'one\ntwo\nthree\n')).toBe(true);
    expect(appendsTo(first, 'one\ntwo\n')).toBe(true);
    expect(appendsTo(first, 'one\n')).toBe(false);
    expect(appendsTo(first, 'one\ntwX\nthree\n')).toBe(false);
    // A change far from the old end, past the tail that is compared first.
    const long = await indexLines(`${'x'.repeat(10_000)}\nend\n`);
    expect(appendsTo(long, `y${'x'.repeat(9_999)}\nend\nmore\n`)).toBe(false);
    expect(appendsTo(long, `${'x'.repeat(10_000)}\nend\nmore\n`)).toBe(true);
    // Nothing indexed yet: nothing to grow from.
    expect(appendsTo(await indexLines(''), 'a\n')).toBe(false);
  });

  it('keeps the lineage of a grown log, not of a new one', async () => {
    const first = await indexLines('one\ntw');
    const grown = await indexLines('one\ntwo\n', { previous: first });
    expect(grown.lineage).toBe(first.lineage);
    expect((await indexLines('one\ntwo\n')).lineage).not.toBe(first.lineage);
  });

  it('splits 50 MB in slices and can be cancelled', async () => {
    const line = '2026-01-01T10:00:00.000Z INFO a line of a large log file, about sixty bytes\n';
    const text = line.repeat(Math.ceil(50_000_000 / line.length));
    let progressed = 0;
    const index = await indexLines(text, { onProgress: () => progressed++ });
    expect(index.count).toBe(Math.ceil(50_000_000 / line.length));
    expect(progressed).toBeGreaterThan(0);
    const controller = new AbortController();
    const pending = indexLines(text, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('cancelled');
  }, 60_000);
});

describe('ANSI', () => {
  it('renders SGR colours and weight, strips every other escape', () => {
    const line =
      '\x1b[1;31mERROR\x1b[0m done \x1b]0;title\x07\x1b[2K\x1b[38;5;208morange\x1b[39m \x1b[38;2;1;2;3mrgb';
    expect(stripAnsi(line)).toBe('ERROR done orange rgb');
    const segs = parseAnsiLine(line);
    expect(segs.map((s) => s.text).join('')).toBe('ERROR done orange rgb');
    expect(segs[0]).toMatchObject({ text: 'ERROR', style: { fg: 1, bold: true } });
    expect(segs[1]).toMatchObject({ text: ' done ', style: null });
    expect(segs.find((s) => s.text === 'orange')?.style?.fg).toBe(color256(208));
    expect(segs.find((s) => s.text === 'rgb')?.style?.fg).toBe('#010203');
  });

  it('maps the 256-colour palette', () => {
    expect(color256(3)).toBe(3);
    expect(color256(16)).toBe('#000000');
    expect(color256(231)).toBe('#ffffff');
    expect(color256(232)).toBe('#080808');
  });
});

describe('highlighting', () => {
  it('finds the level and the timestamp', () => {
    const { level, marks } = lineMarks('2026-01-01T10:00:00.123Z WARNING disk almost full');
    expect(level).toBe('warn');
    expect(marks).toEqual([
      { start: 0, end: 24, kind: 'time' },
      { start: 25, end: 32, kind: 'level-warn' },
    ]);
    expect(lineMarks('[12:00:01] ERROR x').level).toBe('error');
    expect(lineMarks('level=debug msg=x').level).toBe('debug');
    expect(lineMarks('no level here').level).toBeNull();
  });

  it('cuts styled segments at marks', () => {
    const pieces = buildPieces(parseAnsiLine('\x1b[32mgreen text\x1b[0m'), [
      { start: 3, end: 8, kind: 'match' },
    ]);
    expect(pieces.map((p) => [p.text, p.kinds])).toEqual([
      ['gre', []],
      ['en te', ['match']],
      ['xt', []],
    ]);
    expect(pieces.every((p) => p.style?.fg === 2)).toBe(true);
  });
});

describe('search', () => {
  it('counts case-insensitive matches with line and column', async () => {
    const index = await indexLines('Alpha beta\nBETA gamma beta\nnothing\n');
    const r = await searchLog(index, 'beta');
    expect(r.count).toBe(3);
    expect(Array.from(r.lines.subarray(0, r.kept))).toEqual([0, 1, 1]);
    expect(Array.from(r.cols.subarray(0, r.kept))).toEqual([6, 0, 11]);
    expect(matchesOnLine(r, 1)).toEqual([1, 3]);
  });

  it('reports columns of the drawn text when the log has colours', async () => {
    const index = await indexLines('\x1b[31mred\x1b[0m needle\n');
    const r = await searchLog(index, 'needle');
    expect(r.cols[0]).toBe(4);
  });

  it('finds matches across 1 MB window boundaries in 50 MB, with progress, and cancels', async () => {
    const chunk = 'x'.repeat((1 << 20) - 3) + 'needle' + '\n';
    const text = chunk.repeat(48);
    const index = await indexLines(text);
    let reported = 0;
    const r = await searchLog(index, 'NEEDLE', { onProgress: () => reported++ });
    expect(r.count).toBe(48);
    expect(r.lines[47]).toBe(47);
    expect(reported).toBeGreaterThan(0);
    const controller = new AbortController();
    const pending = searchLog(index, 'x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('cancelled');
  }, 60_000);
});

describe('search of a grown log', () => {
  const matches = (r: SearchResult) =>
    Array.from({ length: r.kept }, (_, i) => [r.lines[i], r.cols[i], r.lens[i]]);

  /** Searching the grown log from the old result finds exactly what a search from the top does. */
  async function grow(before: string, after: string, query: string) {
    const first = await indexLines(before);
    const old = await searchLog(first, query);
    const grown = await indexLines(after, { previous: first });
    const resumed = await searchLog(grown, query, { previous: old });
    const full = await searchLog(await indexLines(after), query);
    expect(canResume(old, grown, query)).toBe(true);
    expect(resumed.count).toBe(full.count);
    expect(matches(resumed)).toEqual(matches(full));
    return resumed;
  }

  it('carries on over appended lines, the old last line included when it was partial', async () => {
    const r = await grow('a beta\nbeta b\nbet', 'a beta\nbeta b\nbeta beta\nno\nBETA\n', 'beta');
    expect(r.count).toBe(5);
    await grow('beta\n', 'beta\nbeta\n', 'beta');
    await grow('\x1b[31mbeta\x1b[0m be', '\x1b[31mbeta\x1b[0m beta\n\x1b[1mbeta\x1b[0m\n', 'beta');
  });

  it('starts from the top for another query, another log, or matches beyond those kept', async () => {
    const first = await indexLines('alpha beta\n');
    const old = await searchLog(first, 'beta');
    const grown = await indexLines('alpha beta\nbeta\n', { previous: first });
    expect(canResume(old, grown, 'alpha')).toBe(false);
    expect(canResume(old, await indexLines('alpha beta\nbeta\n'), 'beta')).toBe(false);
    expect(canResume({ ...old, kept: 0 }, grown, 'beta')).toBe(false);
    // Given anyway, a result it cannot carry on from is ignored.
    const fresh = await searchLog(grown, 'alpha', { previous: old });
    expect(fresh.count).toBe(1);
  });
});

describe('row geometry', () => {
  it('places fixed rows and wraps long lines by arithmetic', async () => {
    const fixed = fixedGeometry(100, 18);
    expect(fixed.total).toBe(1800);
    expect(fixed.lineAt(37)).toBe(2);
    const index = await indexLines('short\n' + 'y'.repeat(250) + '\nend\n');
    const wrapped = wrappedGeometry(index, 100, 18);
    expect(wrapped.rowHeight(1)).toBe(54);
    expect(wrapped.rowTop(2)).toBe(72);
    expect(wrapped.lineAt(60)).toBe(1);
  });

  it('scales the scroll range past the browser limit', () => {
    expect(scrollScale(1000, 500)).toBe(1);
    expect(scrollScale(MAX_SCROLL_PX * 3, 500)).toBeGreaterThan(2.9);
  });
});
