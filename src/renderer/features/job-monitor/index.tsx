/**
 * The job monitor (issue 6). The shell mounts `JobsView` in the Jobs slot and loads this module
 * lazily; the job to show arrives through `useAppStore().openJob`.
 */
export { JobsView } from './JobsView';
