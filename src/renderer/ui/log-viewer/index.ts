export { LogViewer, LINE_HEIGHT } from './LogViewer';
export type { LogViewerHost, LogViewerProps } from './LogViewer';
export { copyText } from './clipboard';
