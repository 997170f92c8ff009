import {
  DRAFTS_MAX_TOTAL_BYTES,
  formatMegabytes,
  utf8ByteLength,
} from '../../../shared/ipc/limits';

export interface DraftTab {
  id: string;
  title: string;
  text: string;
  path: string | null;
}

export interface DraftBudget<T extends DraftTab> {
  /** The tabs that are autosaved, in order. */
  kept: T[];
  /** Why some tabs are not autosaved, for the person; null when all of them are. */
  warning: string | null;
}

/**
 * The tabs that fit the drafts' size limit (the contract's, which browser mode's socket can
 * carry): in tab order, each tab that still fits is kept, the others are left out of the autosave,
 * never sent to be refused. A tab left out is named with its size, so the person can save it.
 */
export function fitDrafts<T extends DraftTab>(
  tabs: readonly T[],
  limit = DRAFTS_MAX_TOTAL_BYTES,
): DraftBudget<T> {
  const kept: T[] = [];
  const left: { title: string; bytes: number }[] = [];
  let used = 0;
  let total = 0;
  for (const tab of tabs) {
    const bytes = utf8ByteLength(tab.text);
    total += bytes;
    if (used + bytes <= limit) {
      kept.push(tab);
      used += bytes;
    } else left.push({ title: tab.title, bytes });
  }
  if (left.length === 0) return { kept, warning: null };
  const names = left.map((t) => `“${t.title}” (${formatMegabytes(t.bytes)})`);
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return {
    kept,
    warning:
      `The open tabs hold ${formatMegabytes(total)} of text; drafts are kept up to ` +
      `${formatMegabytes(limit)} in all. Not autosaved: ${list}. Save ${left.length === 1 ? 'it' : 'them'} ` +
      `to a file to keep ${left.length === 1 ? 'it' : 'them'}.`,
  };
}
