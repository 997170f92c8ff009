import type { JobAnnotations } from '../../../shared/annotations';
import { keptSentence } from '../../../shared/sdk/decompile/kept-sentence';
import { call } from '../../services/qjob';
import { describeError } from '../../services/errors';
import { useAppStore } from '../app/store';
import { createDomainStore } from '../create-store';
import { useEditorStore } from '../editor/store';
import { useJobsStore } from '../jobs/store';
import { useSubmitStore } from '../submit/store';

/** Tags, notes and rerun links of jobs (kept by the core in the local job store). */
export interface AnnotationsState {
  /** Every tagged job of the connection with its tags: what the table filters by. */
  index: ReadonlyMap<number, readonly string[]>;
  /** Every job of the connection with a note, with its note: the search reads it too. */
  notes: ReadonlyMap<number, string>;
  byJob: Record<number, JobAnnotations>;
  /** Why the last change of a job's tags or note failed, for people; null when it did not. */
  errors: Record<number, string | null>;
  /** A rerun is being prepared or submitted (its buttons wait). */
  rerunning: number | null;
}

const initial: AnnotationsState = {
  index: new Map(),
  notes: new Map(),
  byJob: {},
  errors: {},
  rerunning: null,
};

export interface AnnotationsActions {
  loadIndex(): Promise<void>;
  load(id: number): Promise<void>;
  addTags(id: number, tags: string[]): Promise<boolean>;
  removeTag(id: number, tag: string): Promise<void>;
  setNote(id: number, note: string): Promise<boolean>;
  /** Opens the job's payload in a new editor tab with its device picked. */
  rerunInEditor(id: number): Promise<void>;
  /** Submits the job's payload again at once, on its device, and opens the new job. */
  rerunNow(id: number): Promise<void>;
  reset(): void;
}

export const useAnnotationsStore = createDomainStore<AnnotationsState, AnnotationsActions>(
  initial,
  (set, get) => {
    const failed = (id: number, error: unknown, doing: string) =>
      set((s) => ({ errors: { ...s.errors, [id]: describeError(error, doing).detail } }));
    const keep = (a: JobAnnotations) =>
      set((s) => {
        const index = new Map(s.index);
        if (a.tags.length) index.set(a.jobId, a.tags);
        else index.delete(a.jobId);
        const notes = new Map(s.notes);
        if (a.note) notes.set(a.jobId, a.note);
        else notes.delete(a.jobId);
        return {
          byJob: { ...s.byJob, [a.jobId]: a },
          index,
          notes,
          errors: { ...s.errors, [a.jobId]: null },
        };
      });
    const reload = async (id: number) => keep(await call('annotations.get', { id }));

    return {
      async loadIndex() {
        try {
          const { jobs } = await call('annotations.index', {});
          set({
            index: new Map(jobs.filter((j) => j.tags.length).map((j) => [j.id, j.tags])),
            notes: new Map(jobs.flatMap((j) => (j.note ? [[j.id, j.note] as const] : []))),
          });
        } catch {
          // No connection yet: the table filters by tag once there is one.
        }
      },
      async load(id) {
        try {
          await reload(id);
        } catch (error) {
          failed(id, error, 'read the tags and note');
        }
      },
      async addTags(id, tags) {
        try {
          await call('annotations.changeTags', { id, add: tags });
          await reload(id);
          return true;
        } catch (error) {
          failed(id, error, 'add the tag');
          return false;
        }
      },
      async removeTag(id, tag) {
        try {
          await call('annotations.changeTags', { id, remove: [tag] });
          await reload(id);
        } catch (error) {
          failed(id, error, 'remove the tag');
        }
      },
      async setNote(id, note) {
        try {
          keep(await call('annotations.setNote', { id, note }));
          return true;
        } catch (error) {
          failed(id, error, 'save the note');
          return false;
        }
      },
      async rerunInEditor(id) {
        if (get().rerunning !== null) return;
        set({ rerunning: id });
        try {
          const source = await call('jobs.rerunSource', { id });
          const editor = useEditorStore.getState();
          const tab = editor.openTab({
            title: `job-${id}-again.yaml`,
            text: source.text,
            origin: { kind: 'rerun', jobId: id },
          });
          if (source.name) editor.setJobName(tab, source.name);
          if (source.deviceCode) useSubmitStore.getState().pickDevice(source.deviceCode);
          useAppStore.getState().showView('editor');
          useAppStore
            .getState()
            .notify(
              'info',
              source.exact
                ? `Job ${id}'s payload, as it was submitted, is open in a new tab.`
                : `Job ${id}'s payload, rebuilt from the service's copy, is open in a new tab, in the friendly form${source.kept.length ? ` except where named (${keptSentence(source.kept)})` : ''}.`,
            );
        } catch (error) {
          useAppStore.getState().notify('err', describeError(error, `open job ${id} again`).detail);
        } finally {
          set({ rerunning: null });
        }
      },
      async rerunNow(id) {
        if (get().rerunning !== null) return;
        set({ rerunning: id });
        try {
          const result = await call('jobs.rerun', { id });
          await reload(id).catch(() => undefined);
          const jobs = useJobsStore.getState();
          useAppStore
            .getState()
            .notify('ok', `Submitted job ${result.jobId}, a rerun of job ${id}.`);
          await jobs.refresh();
          jobs.open(result.jobId);
        } catch (error) {
          useAppStore.getState().notify('err', describeError(error, `run job ${id} again`).detail);
        } finally {
          set({ rerunning: null });
        }
      },
      reset() {
        set(initial);
      },
    };
  },
);
