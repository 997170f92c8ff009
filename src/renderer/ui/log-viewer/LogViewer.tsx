import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { stripAnsi } from './ansi';
import { lineAt } from './line-index';
import { firstMatchFrom, matchesOnLine } from './log-search';
import { LogLine, MAX_DRAWN_CHARS } from './LogLine';
import { LogToolbar } from './LogToolbar';
import { fixedGeometry, scrollScale, wrappedGeometry, MAX_SCROLL_PX } from './row-geometry';
import { copyText } from './clipboard';
import { useLineIndex } from './use-line-index';
import { useLogSearch } from './use-log-search';
import './log-viewer.css';

/** Must match `--log-line-height` in log-viewer.css: rows are placed by arithmetic, never measured. */
export const LINE_HEIGHT = 18;
const OVERSCAN = 8;

/**
 * What the viewer needs from the app around it (it sits below the stores and the services):
 * where its notices go, and how a file is saved, a download or the desktop's save dialog.
 */
export interface LogViewerHost {
  notify(tone: 'ok' | 'info' | 'err', text: string): void;
  /** Saves the text as a file; false when the person cancelled. */
  saveText(fileName: string, text: string): Promise<boolean>;
}

export interface LogViewerProps {
  host: LogViewerHost;
  text: string;
  /** What the log is, for screen readers and the save dialog ("Logs of job 12"). */
  label: string;
  fileName: string;
  /** The job is still running: follow new lines unless the reader scrolled up. */
  live?: boolean;
  /** Shown instead of an empty viewer. */
  empty?: ReactNode;
  /** Shown above the lines, e.g. that the text is cut and which part of it is shown. */
  notice?: string | null;
  testId?: string;
}

/**
 * A log viewer for texts up to tens of MB: lines are found once in slices, only the lines on
 * screen are in the DOM (placed by arithmetic, fixed line height), search runs in slices with a
 * count and next/previous, levels, timestamps and ANSI colours are drawn, and a live log follows
 * its tail unless the reader has scrolled up.
 */
export function LogViewer({
  host,
  text,
  label,
  fileName,
  live = false,
  empty,
  notice,
  testId,
}: LogViewerProps) {
  const { index, progress: indexing } = useLineIndex(text);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const [wrap, setWrap] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const [size, setSize] = useState({ width: 800, height: 400, charWidth: 7.8 });
  const [scrollTop, setScrollTop] = useState(0);
  const [atBottom, setAtBottom] = useState(true);
  const { notify } = host;

  // Size of the viewport and of one character: columns for wrapping follow from them.
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const measure = () =>
      setSize({
        width: el.clientWidth,
        height: el.clientHeight,
        charWidth: (probe.current?.getBoundingClientRect().width ?? 780) / 100 || 7.8,
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const digits = String(Math.max(1, index.count)).length;
  const gutter = `${digits + 1}ch`;
  const gutterPx = (digits + 1) * size.charWidth + 12;
  const columns = Math.max(20, Math.floor((size.width - gutterPx - 16) / size.charWidth));
  const geometry = useMemo(
    () =>
      wrap ? wrappedGeometry(index, columns, LINE_HEIGHT) : fixedGeometry(index.count, LINE_HEIGHT),
    [wrap, index, columns],
  );
  const scale = scrollScale(geometry.total, size.height);
  const displayHeight = Math.min(geometry.total, MAX_SCROLL_PX);
  const virtualTop = scrollTop * scale;

  const scrollToLine = useCallback(
    (line: number) => {
      const el = viewport.current;
      if (!el) return;
      el.scrollTop = Math.max(0, geometry.rowTop(line) - el.clientHeight / 3) / scale;
    },
    [geometry, scale],
  );

  // A live log follows its tail while the reader is at the bottom.
  useLayoutEffect(() => {
    const el = viewport.current;
    if (el && live && atBottom) el.scrollTop = el.scrollHeight;
  }, [live, atBottom, displayHeight]);

  // A new search result starts at the first match from the top of the screen down.
  const search = useLogSearch(index, query, (found) => {
    if (found.kept === 0) return;
    const first = Math.min(firstMatchFrom(found, geometry.lineAt(virtualTop)), found.kept - 1);
    setCurrent(first);
    scrollToLine(found.lines[first]!);
  });
  const result = search.result;

  const go = (delta: number) => {
    if (!result || result.kept === 0) return;
    const next = (current + delta + result.kept) % result.kept;
    setCurrent(next);
    scrollToLine(result.lines[next]!);
  };

  const onScroll = () => {
    const el = viewport.current;
    if (!el) return;
    setScrollTop(el.scrollTop);
    setAtBottom(el.scrollHeight - el.scrollTop - el.clientHeight < LINE_HEIGHT * 2);
  };

  const first = index.count ? geometry.lineAt(virtualTop) : 0;
  const last = index.count ? geometry.lineAt(virtualTop + size.height) : -1;
  const from = Math.max(0, first - OVERSCAN);
  const to = Math.min(index.count - 1, last + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = from; i <= to; i++) {
    let matches = '';
    if (result && result.kept) {
      const [a, b] = matchesOnLine(result, i);
      const parts: string[] = [];
      for (let k = a; k < b; k++)
        parts.push(`${result.cols[k]}:${result.lens[k]}:${k === current ? 1 : 0}`);
      matches = parts.join(',');
    }
    rows.push(
      <LogLine
        key={i}
        number={i + 1}
        raw={lineAt(index, i)}
        ansi={index.ansi}
        matches={matches}
        top={scrollTop + geometry.rowTop(i) - virtualTop}
        height={geometry.rowHeight(i)}
        gutter={gutter}
      />,
    );
  }

  const plainText = () => (index.ansi ? stripAnsi(text) : text);
  const onCopySelection = async () => {
    const selected = window.getSelection()?.toString() ?? '';
    if (!selected) return notify('info', 'Select some lines first, then copy.');
    const ok = await copyText(selected);
    notify(
      ok ? 'ok' : 'err',
      ok ? 'Copied the selected lines.' : 'The browser did not allow copying.',
    );
  };
  const onCopyAll = async () => {
    const ok = await copyText(plainText());
    notify(
      ok ? 'ok' : 'err',
      ok ? `Copied ${index.count.toLocaleString()} lines.` : 'The browser did not allow copying.',
    );
  };
  const onSave = async () => {
    try {
      if (await host.saveText(fileName, plainText())) notify('ok', `Saved ${fileName}.`);
    } catch (error) {
      notify(
        'err',
        `Could not save the log: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const width = wrap
    ? '100%'
    : `${gutterPx + Math.min(index.maxLength, MAX_DRAWN_CHARS + 70) * size.charWidth + 24}px`;
  const isEmpty = text === '' && indexing === null;

  return (
    <div
      className="log-viewer"
      data-testid={testId}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
          e.preventDefault();
          (
            e.currentTarget.querySelector('input[type="search"]') as HTMLInputElement | null
          )?.focus();
        }
      }}
    >
      <LogToolbar
        label={label}
        query={query}
        onQuery={setQuery}
        search={search}
        current={current}
        onNext={() => go(1)}
        onPrevious={() => go(-1)}
        wrap={wrap}
        onWrap={setWrap}
        lineCount={index.count}
        indexing={indexing}
        disabled={isEmpty}
        onCopySelection={() => void onCopySelection()}
        onCopyAll={() => void onCopyAll()}
        onSave={() => void onSave()}
      />
      {notice && !isEmpty ? (
        <p className="log-notice" role="note" data-testid={testId ? `${testId}-notice` : undefined}>
          {notice}
        </p>
      ) : null}
      {isEmpty && empty ? <div className="log-empty">{empty}</div> : null}
      <div
        ref={viewport}
        className={`log-viewport${wrap ? ' is-wrapped' : ''}`}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={`${label}: ${index.count.toLocaleString()} lines`}
        aria-busy={indexing !== null}
        hidden={isEmpty && Boolean(empty)}
      >
        <div className="log-spacer" style={{ height: displayHeight, width }}>
          {rows}
        </div>
        <span ref={probe} className="log-probe" aria-hidden="true">
          {'0'.repeat(100)}
        </span>
      </div>
      {live && !atBottom && !isEmpty ? (
        <button
          type="button"
          className="btn btn-primary log-jump"
          onClick={() => {
            const el = viewport.current;
            if (el) el.scrollTop = el.scrollHeight;
          }}
        >
          Jump to latest
        </button>
      ) : null}
    </div>
  );
}
