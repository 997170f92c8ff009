/**
 * The typed result viewers and the comparison of two jobs. The job monitor embeds
 * `<ResultViewer>` in a job's Result tab and `<CompareView>` in its Compare dialog.
 */
export { ResultViewer } from './components/ResultViewer';
export type { ResultViewerProps } from './components/ResultViewer';
export { CompareView } from './components/CompareView';
export type { CompareViewProps } from './components/CompareView';
