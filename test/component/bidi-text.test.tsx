import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { openBundle } from '../../src/core/bundles/open-bundle';
import { BundleView } from '../../src/renderer/features/job-monitor/bundles/BundleView';
import { JobTable } from '../../src/renderer/features/job-monitor/table/JobTable';
import { CompareView, ResultViewer } from '../../src/renderer/features/result-viewers';
import { useBundlesStore } from '../../src/renderer/state/bundles/store';
import type { JobRecord } from '../../src/renderer/state/jobs/store';
import '../../src/renderer/styles/base.css';
import '../../src/renderer/features/job-monitor/job-monitor.css';
import escapes from '../fixtures/hostile/files/escapes.qjob.json?raw';

/**
 * Direction controls (U+202E, the right-to-left override, and its kin) in a job's name, a note
 * or a bundle's fields once rendered live: "report\u202Efdp.exe" read as "reportexe.pdf". The
 * app shows each as its code, as qjob prints it (src/shared/text/bidi.ts): here, in Chromium,
 * the job table and an opened bundle (the corpus's escapes.qjob.json) hold none of them.
 */
const DIRECTION_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

const job: JobRecord = {
  id: 12,
  name: 'report\u202efdp.exe',
  description: 'see \u2067txt.exe\u2069',
  device_id: 1,
  status: 'completed',
  jobType: 'digital',
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: null,
  completed_at: '2026-01-01T10:00:05.000Z',
};

describe('direction controls from a file or the service', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    host.style.cssText = 'height: 640px; width: 1100px; display: flex';
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
    useBundlesStore.getState().close();
  });

  it('are shown as their codes in the job table, its tooltip included', async () => {
    root.render(
      <JobTable
        rows={[job]}
        loading={false}
        deviceName={() => 'Sirius'}
        showJobType
        sort={{ key: 'id', dir: 'desc' }}
        onSort={() => undefined}
        selectedId={null}
        openId={null}
        changed={{}}
        onSelect={() => undefined}
        onOpen={() => undefined}
        progress={() => null}
        rowMenu={() => []}
      />,
    );
    await expect.element(page.getByText('report\\u{202e}fdp.exe')).toBeVisible();
    const cell = host.querySelector('[role="gridcell"].jc-name')!;
    expect(cell.textContent).not.toMatch(DIRECTION_CONTROL);
    expect(cell.getAttribute('title')).toContain('see \\u{2067}txt.exe\\u{2069}');
    expect(cell.getAttribute('title')).not.toMatch(DIRECTION_CONTROL);
  });

  it('are shown as their codes in an opened bundle: name, note, date, app, connection, device', async () => {
    const view = openBundle(escapes, 'escapes.qjob.json');
    useBundlesStore.setState({ view, selected: 0, status: 'idle', error: null });
    root.render(
      <BundleView
        bundle={view}
        variant="B"
        viewers={{ Result: ResultViewer, Compare: CompareView }}
      />,
    );
    const shown = page.getByTestId('bundle-view');
    await expect.element(shown).toBeVisible();
    const text = host.textContent ?? '';
    expect(text).toContain('report\\u{202e}fdp.exe');
    expect(text).toContain('see \\u{202e}txt.exe');
    expect(text).toContain('0.1.0\\u{202e}');
    expect(text).not.toMatch(DIRECTION_CONTROL);
  });
});
