import { readHeaderComment } from '../../../shared/yaml/header-comment';
import type { EditorState, EditorTab, TabAnalysis } from './initialState';

export const isDirty = (tab: EditorTab): boolean =>
  tab.baseline === null || tab.baseline !== tab.text;

export const selectActiveTab = (s: EditorState): EditorTab | null =>
  s.tabs.find((t) => t.id === s.activeId) ?? null;

/** The active tab's analysis when it matches the current text and variant, else null (pending). */
export const selectActiveAnalysis = (s: EditorState): TabAnalysis | null => {
  const tab = selectActiveTab(s);
  if (!tab) return null;
  const a = s.analysis[tab.id];
  return a && a.text === tab.text && a.variant === s.variant ? a : null;
};

export interface JobNameChoice {
  name: string;
  /** Where it comes from: typed for this tab, the payload's `# title:` comment, the tab's name. */
  from: 'typed' | 'title-comment' | 'tab';
}

/**
 * The name the next job from this tab is submitted under: the one typed for the tab, else the
 * payload's `# title:` comment, else the tab's name without `.yaml`.
 */
export function jobNameOf(tab: Pick<EditorTab, 'title' | 'text' | 'jobName'>): JobNameChoice {
  const typed = tab.jobName.trim();
  if (typed) return { name: typed, from: 'typed' };
  const title = readHeaderComment(tab.text).title;
  if (title) return { name: title, from: 'title-comment' };
  return { name: tab.title.replace(/\.ya?ml$/i, ''), from: 'tab' };
}

export const selectDirtyCount = (s: EditorState): number => s.tabs.filter(isDirty).length;

export interface ProblemCounts {
  errors: number;
  warnings: number;
}

export const countProblems = (a: TabAnalysis | null): ProblemCounts => ({
  errors: a?.problems.filter((p) => p.severity === 'error').length ?? 0,
  warnings: a?.problems.filter((p) => p.severity === 'warning').length ?? 0,
});
