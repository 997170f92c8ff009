import type { SubmissionOrigin } from '../../../shared/annotations';
import type { Template } from '../../../shared/ipc/schemas';
import type { VariantId } from '../../../shared/variants';
import type { Analysis } from './analysis/analyze';

export interface EditorTab {
  id: string;
  title: string;
  text: string;
  /** The file it was opened from or saved to (desktop app); null for untitled tabs. */
  path: string | null;
  /**
   * The text as last saved or as it came from a template; null when that is unknown (a draft
   * restored after a crash), which counts as unsaved so closing it still asks.
   */
  baseline: string | null;
  /**
   * The job name the user typed for this tab's submissions; empty means the default (the
   * payload's `# title:` comment, else the tab's name): see `jobNameOf`.
   */
  jobName: string;
  /** Where the text came from (a job run again, a bundle): kept with the jobs it submits. */
  origin?: SubmissionOrigin;
}

export interface TabAnalysis extends Analysis {
  /** The tab text the analysis belongs to; compared with the current text to know it is fresh. */
  text: string;
}

export interface EditorState {
  /** 'loading' until drafts are restored (or the welcome tab is open). */
  status: 'loading' | 'ready';
  tabs: EditorTab[];
  activeId: string | null;
  variant: VariantId;
  analysis: Record<string, TabAnalysis>;
  templates: Template[];
  templatesStatus: 'idle' | 'loading' | 'ready' | 'error';
  templatesError: string | null;
  /** Draft autosave: when it last succeeded, or why it failed. */
  draftsSavedAt: string | null;
  draftsError: string | null;
}

export const initialEditorState: EditorState = {
  status: 'loading',
  tabs: [],
  activeId: null,
  variant: 'B',
  analysis: {},
  templates: [],
  templatesStatus: 'idle',
  templatesError: null,
  draftsSavedAt: null,
  draftsError: null,
};
