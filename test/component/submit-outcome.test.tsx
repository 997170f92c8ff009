import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { Device } from '../../src/shared/variants';
import { SubmitOutcome } from '../../src/renderer/features/editor/preflight/SubmitOutcome';
import { useConnectionStore } from '../../src/renderer/state/connection/store';
import { useDevicesStore } from '../../src/renderer/state/devices/store';
import { submitKey, useSubmitStore } from '../../src/renderer/state/submit/store';
import '../../src/renderer/styles/base.css';
import '../../src/renderer/features/editor/preflight/preflight.css';

/**
 * The pre-flight's "Job N submitted" on its own, in Chromium: it belongs to the connection the
 * job went to, and the service's maintenance notice on it goes once the device is online.
 */
const ALTAIR: Device = {
  code: 'qpu.digital.altair',
  name: 'Altair',
  type: 'qpu.digital',
  nqubits: 7,
  status: 'maintenance',
  description: '',
  id: 4,
};
const NOTICE = 'Altair is in maintenance until 09:00 UTC; the job waits in the device’s queue.';

describe('the submit outcome', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    useConnectionStore.setState({ activeId: 'simulator-a' });
    useDevicesStore.setState({ devices: [ALTAIR], status: 'ready' });
    useSubmitStore.setState({
      results: {
        [submitKey('tab-1', 'simulator-a')]: {
          error: null,
          outcome: {
            tabId: 'tab-1',
            profileId: 'simulator-a',
            jobId: 1,
            executeType: 'sampling',
            message: NOTICE,
            deviceCode: ALTAIR.code,
            deviceName: ALTAIR.name,
            deviceStatus: 'maintenance',
            jobName: 'bell on A',
            at: '2026-11-25T08:00:00.000Z',
          },
        },
      },
    });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(<SubmitOutcome tabId="tab-1" />);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('is shown on its own connection only', async () => {
    await expect.element(page.getByRole('button', { name: 'Open job 1' })).toBeVisible();
    useConnectionStore.setState({ activeId: 'simulator-b' });
    await expect.element(page.getByRole('button', { name: 'Open job 1' })).not.toBeInTheDocument();
    useConnectionStore.setState({ activeId: 'simulator-a' });
    await expect.element(page.getByRole('button', { name: 'Open job 1' })).toBeVisible();
  });

  it('drops the maintenance notice once the device list shows the device online', async () => {
    await expect.element(page.getByText(NOTICE, { exact: false })).toBeVisible();
    useDevicesStore.setState({ devices: [{ ...ALTAIR, status: 'online' }] });
    await expect.element(page.getByText(NOTICE, { exact: false })).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Open job 1' })).toBeVisible();
  });
});
