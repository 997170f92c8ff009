import { useState } from 'react';
import { Dialog } from '../ui/components/Dialog';
import { copyText } from '../ui/log-viewer';
import { BROWSER_SHORTCUTS, shortcutLabel } from '../services/commands';
import { useAppStore } from '../state/app/store';

const close = () => useAppStore.getState().openDialog(null);

/** Help → Keyboard shortcuts: the keys browser mode binds, written for this platform. */
export function ShortcutsDialog() {
  return (
    <Dialog title="Keyboard shortcuts" onClose={close} width={30}>
      <dl className="about shortcuts" data-testid="shortcuts">
        {BROWSER_SHORTCUTS.map((s) => (
          <div key={s.keys} className="shortcut-row">
            <dt>
              <kbd>{shortcutLabel(s.keys)}</kbd>
            </dt>
            <dd>{s.what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

/**
 * Help → Open Log Folder in browser mode: a page cannot open a folder on the computer, so it
 * says where the log is, ready to copy into a file manager or a support ticket.
 */
export function LogsDialog() {
  const info = useAppStore((s) => s.info);
  const [copied, setCopied] = useState<boolean | null>(null);
  const file = info?.logFile ?? null;
  const folder = file
    ? file.slice(0, Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')))
    : null;
  return (
    <Dialog
      title="The app’s log"
      onClose={close}
      width={34}
      footer={
        folder ? (
          <button
            type="button"
            className="btn"
            onClick={() => void copyText(folder).then(setCopied)}
          >
            Copy the folder’s path
          </button>
        ) : undefined
      }
    >
      {file ? (
        <>
          <p>
            A browser page cannot open folders on this computer. The app’s log (tokens and keys
            removed) is in this folder; open it in a file manager, or attach the file to a support
            ticket:
          </p>
          <p className="mono logs-path" data-testid="log-folder">
            {folder}
          </p>
          <p className="muted">
            The file: <span className="mono">{file}</span>
          </p>
          {copied === null ? null : (
            <p role="status">
              {copied
                ? 'Copied.'
                : 'The browser did not allow copying: select the path above and copy it.'}
            </p>
          )}
        </>
      ) : (
        <p data-testid="log-folder">
          This run writes no log file: its log goes to the terminal that started it (
          <span className="mono">qjob web</span>).
        </p>
      )}
    </Dialog>
  );
}
