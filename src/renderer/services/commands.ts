import type { UiCommand, UiCommandName } from '../../shared/ipc/schemas';
import { on } from './qjob';

type Handler = (command: UiCommand) => void;

/**
 * One place where menu items (`ui.command` from the desktop app), key bindings (browser mode)
 * and buttons meet. A feature registers the commands it can carry out while it is mounted; the
 * newest registration wins, so a view can take a command over (the job monitor and
 * `job.openById`, for instance) and give it back on unmount.
 */
const handlers = new Map<UiCommandName, Handler[]>();

export function registerCommand(name: UiCommandName, handler: Handler): () => void {
  const list = handlers.get(name) ?? [];
  list.push(handler);
  handlers.set(name, list);
  return () => {
    const current = handlers.get(name) ?? [];
    handlers.set(
      name,
      current.filter((h) => h !== handler),
    );
  };
}

export function runCommand(name: UiCommandName, details: Omit<UiCommand, 'command'> = {}): boolean {
  const list = handlers.get(name);
  const handler = list?.[list.length - 1];
  if (!handler) return false;
  handler({ ...details, command: name });
  return true;
}

/** Runs the desktop app's menu items (`ui.command` events) until the returned function is called. */
export function runMenuCommands(): () => void {
  return on('ui.command', ({ command, ...details }) => runCommand(command, details));
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** How a shortcut is written on this platform ("Ctrl+Enter", "⌘Enter"). */
export function shortcutLabel(keys: string): string {
  return isMac ? keys.replace('Ctrl+', '⌘').replace('Alt+', '⌥').replace('Shift+', '⇧') : keys;
}

/** The keys browser mode binds (`commandForKey`) and what they do, for Help → Keyboard shortcuts. */
export const BROWSER_SHORTCUTS: readonly { keys: string; what: string }[] = [
  { keys: 'Ctrl+Enter', what: 'Submit the payload in front (also inside the editor)' },
  { keys: 'Ctrl+S', what: 'Save the payload (download it)' },
  { keys: 'Ctrl+Shift+S', what: 'Save the payload under another name' },
  { keys: 'Ctrl+O', what: 'Open a YAML file' },
  { keys: 'Alt+N', what: 'New payload tab' },
  { keys: 'Alt+W', what: 'Close the payload tab' },
  { keys: 'Ctrl+J', what: 'Open a job by its id' },
  { keys: 'Alt+1', what: 'Editor' },
  { keys: 'Alt+2', what: 'Devices' },
  { keys: 'Alt+3', what: 'Jobs' },
  { keys: 'Alt+4', what: 'Batches' },
  { keys: 'Escape', what: 'Close the open job (in Jobs), a menu or a dialog' },
  { keys: 'Ctrl+Space', what: 'In the editor: what can be written here' },
];

/**
 * Browser mode has no menu bar, so the page binds the desktop menu's keys itself. Keys the
 * browser keeps for itself (Ctrl+N, Ctrl+T, Ctrl+W) get Alt-based equivalents.
 */
export function commandForKey(e: KeyboardEvent): UiCommandName | null {
  const mod = isMac ? e.metaKey : e.ctrlKey;
  const key = e.key.toLowerCase();
  if (mod && !e.altKey && key === 'enter') return 'job.submit';
  if (mod && !e.altKey && key === 's') return e.shiftKey ? 'file.saveAs' : 'file.save';
  if (mod && !e.altKey && !e.shiftKey && key === 'o') return 'file.open';
  if (mod && !e.altKey && !e.shiftKey && key === 'j') return 'job.openById';
  if (e.altKey && !mod && !e.shiftKey) {
    if (key === 'n') return 'tab.new';
    if (key === 'w') return 'tab.close';
    if (e.code === 'Digit1') return 'view.editor';
    if (e.code === 'Digit2') return 'view.devices';
    if (e.code === 'Digit3') return 'view.jobs';
    if (e.code === 'Digit4') return 'view.batches';
  }
  return null;
}
