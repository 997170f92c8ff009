export { LogViewer, LINE_HEIGHT } from './LogViewer';
export type { LogViewerProps } from './LogViewer';
export { copyText, saveTextFile } from './text-io';
