/**
 * The job monitor (issue 6). The shell mounts `JobsView` in the Jobs slot and loads this module
 * lazily; the job to show arrives through `useAppStore().openJob`, and what draws results
 * through its `viewers` (`ResultViewers`).
 */
export { JobsView } from './JobsView';
export type { ResultViewers } from './viewer-slots';
