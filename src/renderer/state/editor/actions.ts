import type { SetState } from '../create-store';
import type { CallOutput } from '../../../shared/ipc/contract';
import type { Template } from '../../../shared/ipc/schemas';
import type { VariantId } from '../../../shared/variants';
import { call } from '../../services/qjob';
import { describeError } from '../../services/errors';
import { analyze } from './analysis/client';
import { welcomeTab } from './welcome';
import type { EditorState, EditorTab } from './initialState';

export interface OpenTabInput {
  title: string;
  text: string;
  path?: string | null;
  /** True when the text is reproducible (a template, a file just read): no unsaved changes. */
  clean?: boolean;
  /** A job run again, a bundle: recorded with the jobs the tab submits. */
  origin?: EditorTab['origin'];
}

export interface EditorActions {
  /** Restore autosaved drafts; on a first start open the welcome payload. */
  restore(variant: VariantId): Promise<void>;
  loadTemplates(variant: VariantId): Promise<Template[]>;
  openTab(input: OpenTabInput): string;
  closeTab(id: string): void;
  renameTab(id: string, title: string): void;
  /** The job name typed for this tab (empty: back to the default). */
  setJobName(id: string, name: string): void;
  activate(id: string): void;
  updateText(id: string, text: string): void;
  markSaved(id: string, path: string | null, title?: string): void;
  setVariant(variant: VariantId): void;
  /** The desktop app's native open dialog: the file chosen, or null when cancelled. */
  readFromDisk(): Promise<CallOutput<'files.open'>>;
  /** Writes to `path`, or asks where (native dialog) when it is null; null when cancelled. */
  writeToDisk(path: string | null, text: string): Promise<CallOutput<'files.save'>>;
}

/** Waiting for typing to pause before analysing keeps the worker from chasing every keystroke. */
const ANALYSIS_DELAY_MS = 250;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let tabSeq = 0;

export function newTabId(): string {
  tabSeq += 1;
  return `tab-${Date.now().toString(36)}-${tabSeq}`;
}

export function untitledName(tabs: EditorTab[]): string {
  for (let n = 1; ; n++) {
    const name = `Untitled-${n}.yaml`;
    if (!tabs.some((t) => t.title === name)) return name;
  }
}

export const createEditorActions = (
  set: SetState<EditorState>,
  get: () => EditorState & EditorActions,
): EditorActions => {
  function schedule(id: string, delay = ANALYSIS_DELAY_MS): void {
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        void run(id);
      }, delay),
    );
  }

  async function run(id: string): Promise<void> {
    const tab = get().tabs.find((t) => t.id === id);
    if (!tab) return;
    const { variant } = get();
    const text = tab.text;
    try {
      const analysis = await analyze(variant, text);
      const now = get();
      const current = now.tabs.find((t) => t.id === id);
      // A newer edit or a variant switch has its own run queued; this result is stale.
      if (!current || current.text !== text || now.variant !== variant) return;
      set((s) => ({ analysis: { ...s.analysis, [id]: { ...analysis, text } } }));
    } catch (error) {
      // Never leave the panel "checking" forever: say the check failed, where Submit looks.
      console.error('payload analysis failed', error);
      // The exception's own words are the app's internals, not the payload's fault: the log has them.
      const message =
        'The payload could not be checked: the check itself failed (a fault of the app, not of the payload). Help → Open Log Folder has the details.';
      const failed = {
        variant,
        text,
        facts: { executeType: null, work: null, qubits: null, qubitsSource: null },
        diagram: {
          state: 'unreadable' as const,
          message: 'The circuit cannot be drawn: the check failed.',
        },
        problems: [
          {
            severity: 'error' as const,
            message,
            line: 1,
            column: 1,
            endLine: 1,
            endColumn: 2,
            code: 'analysis_failed',
          },
        ],
      };
      set((s) => ({ analysis: { ...s.analysis, [id]: failed } }));
    }
  }

  return {
    async restore(variant) {
      set({ variant });
      let drafts: Awaited<ReturnType<typeof call<'drafts.load'>>> = [];
      try {
        drafts = await call('drafts.load', {});
      } catch (error) {
        set({ draftsError: describeError(error, 'restore your drafts').detail });
      }
      const templates = await get().loadTemplates(variant);
      if (drafts.length) {
        // Drafts say whether they had unsaved changes; older ones do not, and then a text equal
        // to a template's counts as untouched.
        const known = new Set(templates.map((t) => t.text));
        const tabs = drafts.map(({ clean, active: _active, ...d }) => ({
          ...d,
          jobName: d.jobName ?? '',
          baseline: (clean ?? known.has(d.text)) ? d.text : null,
        }));
        const active = drafts.find((d) => d.active)?.id ?? tabs[0]?.id ?? null;
        set({ tabs, activeId: active, status: 'ready' });
        tabs.forEach((t) => schedule(t.id, 0));
        return;
      }
      const welcome = welcomeTab(variant, templates);
      get().openTab({ ...welcome, clean: true });
      set({ status: 'ready' });
    },
    async loadTemplates(variant) {
      set({ templatesStatus: 'loading', templatesError: null });
      try {
        const templates = await call('templates.list', { variant });
        set({ templates, templatesStatus: 'ready' });
        return templates;
      } catch (error) {
        set({
          templates: [],
          templatesStatus: 'error',
          templatesError: describeError(error, 'load the templates').detail,
        });
        return [];
      }
    },
    openTab({ title, text, path = null, clean = false, origin }) {
      const id = newTabId();
      // A new tab starts unnamed: its jobs take its own title, never an earlier tab's name.
      const tab: EditorTab = {
        id,
        title,
        text,
        path,
        baseline: clean ? text : null,
        jobName: '',
        ...(origin ? { origin } : {}),
      };
      set((s) => ({ tabs: [...s.tabs, tab], activeId: id }));
      schedule(id, 0);
      return id;
    },
    closeTab(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
      set((s) => {
        const index = s.tabs.findIndex((t) => t.id === id);
        const tabs = s.tabs.filter((t) => t.id !== id);
        const analysis = { ...s.analysis };
        delete analysis[id];
        const next = s.activeId === id ? (tabs[Math.max(0, index - 1)]?.id ?? null) : s.activeId;
        return { tabs, analysis, activeId: next };
      });
    },
    renameTab(id, title) {
      const clean = title.trim();
      if (!clean) return;
      set((s) => ({ tabs: s.tabs.map((t) => (t.id === id ? { ...t, title: clean } : t)) }));
    },
    setJobName(id, jobName) {
      set((s) => ({ tabs: s.tabs.map((t) => (t.id === id ? { ...t, jobName } : t)) }));
    },
    activate(id) {
      set({ activeId: id });
    },
    updateText(id, text) {
      set((s) => ({ tabs: s.tabs.map((t) => (t.id === id ? { ...t, text } : t)) }));
      schedule(id);
    },
    markSaved(id, path, title) {
      set((s) => ({
        tabs: s.tabs.map((t) =>
          t.id === id ? { ...t, path, baseline: t.text, title: title ?? t.title } : t,
        ),
      }));
    },
    setVariant(variant) {
      if (variant === get().variant) return;
      set({ variant });
      for (const tab of get().tabs) schedule(tab.id, 0);
      void get().loadTemplates(variant);
    },
    readFromDisk() {
      return call('files.open', {});
    },
    writeToDisk(path, text) {
      return call('files.save', { path, text });
    },
  };
};
