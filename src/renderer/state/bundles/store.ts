import type { BundleView } from '../../../shared/bundles';
import { BUNDLE_MAX_BYTES } from '../../../shared/bundles';
import { formatMegabytes } from '../../../shared/ipc/limits';
import { call } from '../../services/qjob';
import { describeError } from '../../services/errors';
import { saveTextFile } from '../../services/save-text';
import { useAppStore } from '../app/store';
import { createDomainStore } from '../create-store';
import { useEditorStore } from '../editor/store';
import { useJobsStore } from '../jobs/store';
import { useSubmitStore } from '../submit/store';

/** An opened job bundle, shown read-only in the Jobs view instead of the connection's jobs. */
export interface BundlesState {
  view: BundleView | null;
  /** The bundle's job shown (an index into `view.jobs`). */
  selected: number;
  status: 'idle' | 'loading' | 'error';
  /** Why the last file could not be opened, for people. */
  error: string | null;
  submitting: boolean;
}

const initial: BundlesState = {
  view: null,
  selected: 0,
  status: 'idle',
  error: null,
  submitting: false,
};

export interface BundlesActions {
  /** Reads a file the person picked or dropped, checked by the core. */
  openFile(file: { name: string; size: number; text(): Promise<string> }): Promise<void>;
  select(index: number): void;
  close(): void;
  /** A job of the bundle as a new editor tab, its device picked when this connection has it. */
  rerunInEditor(index: number): void;
  /** Submits a job of the bundle again on this connection, on `deviceCode`. */
  rerunNow(index: number, deviceCode: string): Promise<number | null>;
  /**
   * These jobs of the connection as one bundle file (secrets removed), saved where the person
   * says (a download in browser mode): its file name once saved, null when not (a failure is
   * told as a notice).
   */
  saveJobs(ids: number[]): Promise<string | null>;
}

export const useBundlesStore = createDomainStore<BundlesState, BundlesActions>(
  initial,
  (set, get) => {
    const originOf = (index: number) => {
      const { view } = get();
      const job = view?.jobs[index];
      return view && job
        ? { kind: 'bundle' as const, jobId: job.view.detail.id, file: view.fileName }
        : null;
    };
    return {
      async openFile(file) {
        // Checked before it is read: a huge file is never loaded into the page.
        if (file.size > BUNDLE_MAX_BYTES) {
          set({
            status: 'error',
            error: `${file.name} is ${formatMegabytes(file.size)}; a bundle may be up to ${formatMegabytes(BUNDLE_MAX_BYTES)}.`,
          });
          return;
        }
        set({ status: 'loading', error: null });
        try {
          const text = await file.text();
          const view = await call('bundles.open', { text, fileName: file.name });
          set({ view, selected: 0, status: 'idle', error: null });
        } catch (error) {
          set({ status: 'error', error: describeError(error, `open ${file.name}`).detail });
        }
      },
      select(index) {
        set({ selected: index });
      },
      close() {
        set(initial);
      },
      rerunInEditor(index) {
        const job = get().view?.jobs[index];
        const origin = originOf(index);
        if (!job?.payload || !origin) return;
        const editor = useEditorStore.getState();
        const tab = editor.openTab({
          title: `job-${job.view.detail.id}-from-bundle.yaml`,
          text: job.payload.text,
          origin,
        });
        if (job.view.detail.name) editor.setJobName(tab, job.view.detail.name);
        if (job.device.code) useSubmitStore.getState().pickDevice(job.device.code);
        useAppStore.getState().showView('editor');
      },
      async rerunNow(index, deviceCode) {
        const job = get().view?.jobs[index];
        const origin = originOf(index);
        if (!job?.payload || !origin || get().submitting) return null;
        set({ submitting: true });
        try {
          const result = await call('jobs.submit', {
            text: job.payload.text,
            deviceCode,
            ...(job.view.detail.name ? { name: job.view.detail.name } : {}),
            origin,
          });
          useAppStore.getState().notify('ok', `Submitted job ${result.jobId} from ${origin.file}.`);
          set(initial);
          const jobs = useJobsStore.getState();
          await jobs.refresh();
          jobs.open(result.jobId);
          return result.jobId;
        } catch (error) {
          useAppStore.getState().notify('err', describeError(error, 'submit the job').detail);
          return null;
        } finally {
          set({ submitting: false });
        }
      },
      async saveJobs(ids) {
        let file: { text: string; fileName: string };
        try {
          file = await call('bundles.export', { ids });
        } catch (error) {
          useAppStore.getState().notify('err', describeError(error, 'make the bundle').detail);
          return null;
        }
        return (await saveTextFile(file.fileName, file.text)) ? file.fileName : null;
      },
    };
  },
);
