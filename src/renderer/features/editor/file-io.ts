import { decodeUtf8 } from '../../../shared/text/utf8';
import { selectIsWebShell, useAppStore } from '../../state/app/store';
import { useBundlesStore } from '../../state/bundles/store';
import { useEditorStore } from '../../state/editor/store';
import type { EditorTab } from '../../state/editor/store';
import { downloadText } from '../../ui/download';

/** The last path segment, on either separator (the renderer has no node:path). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

function ensureYamlName(title: string): string {
  return /\.ya?ml$/i.test(title) ? title : `${title}.yaml`;
}

const isWeb = () => selectIsWebShell(useAppStore.getState());

const isBundleName = (name: string) => /\.qjob\.json$/i.test(name);

/** A job bundle opens read-only in the Jobs view, not as an editor tab. */
async function openBundle(file: { name: string; size: number; text(): Promise<string> }) {
  useAppStore.getState().showView('jobs');
  await useBundlesStore.getState().openFile(file);
}

/** Browser mode: a file picker; the desktop app: the native dialog through the core. */
export async function openFile(): Promise<void> {
  const { openTab, readFromDisk } = useEditorStore.getState();
  if (!isWeb()) {
    const file = await readFromDisk();
    if (file && isBundleName(file.path)) {
      const text = file.text;
      await openBundle({ name: baseName(file.path), size: text.length, text: async () => text });
    } else if (file)
      openTab({ title: baseName(file.path), text: file.text, path: file.path, clean: true });
    return;
  }
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.yaml,.yml,application/x-yaml,text/yaml,.qjob.json';
  const file = await new Promise<File | null>((resolve) => {
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
  if (!file) return;
  if (isBundleName(file.name)) return openBundle(file);
  // Not `file.text()`: it replaces bytes that are not UTF-8 and the payload would look fine.
  const decoded = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  if (!decoded.ok) {
    useAppStore.getState().notify('err', `${file.name} was not opened: ${decoded.message}.`);
    return;
  }
  openTab({ title: file.name, text: decoded.text, clean: true });
}

/**
 * Saves a tab: to its file (desktop app; "Save As" or an untitled tab asks where), or as a
 * download (browser mode). Returns false when the user cancelled.
 */
export async function saveTab(tab: EditorTab, saveAs = false): Promise<boolean> {
  const { markSaved, writeToDisk } = useEditorStore.getState();
  if (isWeb()) {
    const name = ensureYamlName(tab.title);
    downloadText(tab.text, name, 'application/x-yaml');
    markSaved(tab.id, null, name);
    return true;
  }
  const saved = await writeToDisk(saveAs ? null : tab.path, tab.text);
  if (!saved) return false;
  markSaved(tab.id, saved.path, baseName(saved.path));
  return true;
}
