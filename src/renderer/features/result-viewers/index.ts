/**
 * The typed result viewers and the comparison of two jobs, their own lazy chunk. The shell loads
 * it and hands both to the job monitor (`JobsView`'s `viewers`): `<ResultViewer>` is drawn in a
 * job's Result tab, `<CompareView>` in its Compare dialog.
 */
export { ResultViewer } from './components/ResultViewer';
export type { ResultViewerProps } from './components/ResultViewer';
export { CompareView } from './components/CompareView';
export type { CompareViewProps } from './components/CompareView';
