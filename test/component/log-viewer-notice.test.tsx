import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { LogViewer, type LogViewerHost } from '../../src/renderer/ui/log-viewer';
import '../../src/renderer/styles/theme.css';
import '../../src/renderer/styles/base.css';

/**
 * A log larger than the app keeps arrives cut, with a note of which part is shown: the viewer
 * shows the note above the lines, and nothing when the log is whole or empty.
 */
let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  host.style.height = '420px';
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
});

const LOG = Array.from(
  { length: 400 },
  (_, i) => `2026-11-22T11:25:${String(i % 60).padStart(2, '0')}Z INFO step ${i}`,
).join('\n');
const NOTE = 'The logs are 70 MB, more than this app keeps: only the last 64 MB are shown.';

/** A viewer on its own: its notices and saves go nowhere, as none of these tests uses them. */
const viewerHost: LogViewerHost = {
  notify: () => undefined,
  saveText: () => Promise.resolve(false),
};

describe('LogViewer', () => {
  it('shows the note of a cut log above its lines', async () => {
    root.render(
      <LogViewer
        host={viewerHost}
        text={LOG}
        label="Logs of job 7"
        fileName="job-7-logs.txt"
        notice={NOTE}
        testId="job-logs"
      />,
    );
    const note = page.getByRole('note');
    await expect.element(note).toHaveTextContent(NOTE);
    await expect.element(page.getByTestId('job-logs-notice')).toBeVisible();
    await page.viewport(1280, 800);
    await page.screenshot({ path: '../../test-results/screenshots/review/log-notice-1280.png' });
    await page.viewport(760, 800);
    await expect.element(note).toBeVisible();
    await page.screenshot({ path: '../../test-results/screenshots/review/log-notice-760.png' });
  });

  it('shows no note for a whole log, nor for an empty one', async () => {
    root.render(<LogViewer host={viewerHost} text={LOG} label="Logs" fileName="l.txt" />);
    await expect.element(page.getByRole('region', { name: /Logs: 400 lines/ })).toBeVisible();
    expect(document.querySelector('.log-notice')).toBeNull();
    root.render(
      <LogViewer
        host={viewerHost}
        text=""
        label="Logs"
        fileName="l.txt"
        notice={NOTE}
        empty={<p>No logs</p>}
      />,
    );
    await expect.element(page.getByText('No logs')).toBeVisible();
    expect(document.querySelector('.log-notice')).toBeNull();
  });
});
