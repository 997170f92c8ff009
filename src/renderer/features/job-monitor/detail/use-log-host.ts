import { useMemo } from 'react';
import { saveTextFile } from '../../../services/save-text';
import { useAppStore } from '../../../state/app/store';
import type { LogViewerHost } from '../../../ui/log-viewer';

/** The app's side of a log viewer: its notices go to the status bar, files are saved by the shell. */
export function useLogViewerHost(): LogViewerHost {
  const notify = useAppStore((s) => s.notify);
  return useMemo(() => ({ notify, saveText: saveTextFile }), [notify]);
}
