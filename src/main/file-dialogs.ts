import path from 'node:path';
import { dialog, type BrowserWindow } from 'electron';
import { readPayloadText } from '../core/files/payload-file';
import type { FileDialogs } from '../core/app/types';
import { writeFileAtomic } from '../node-kit/fs/atomic-write';

const ALL_FILES = { name: 'All files', extensions: ['*'] };
const YAML_FILTERS = [
  { name: 'YAML payloads', extensions: ['yaml', 'yml'] },
  // Opened in the Jobs view, read-only (the renderer tells them by the name).
  { name: 'Job bundles', extensions: ['qjob.json'] },
  ALL_FILES,
];

/** Filters for the save dialog from the suggested name: a log offers .txt, a payload .yaml. */
function filtersFor(name: string | null): { name: string; extensions: string[] }[] {
  const ext = name ? path.extname(name).slice(1).toLowerCase() : '';
  if (ext === '' || ext === 'yaml' || ext === 'yml') return YAML_FILTERS;
  return [{ name: `${ext.toUpperCase()} files`, extensions: [ext] }, ALL_FILES];
}

/**
 * Native open/save dialogs. The renderer never names an arbitrary path to write: a save goes
 * straight to a path only when the person chose it in a dialog during this run; any other path
 * (one restored from a draft, say) opens the save dialog at that path for them to confirm.
 */
export function createFileDialogs(getWindow: () => BrowserWindow | null): FileDialogs {
  const chosen = new Set<string>();

  return {
    async openYaml() {
      const window = getWindow();
      const options = { properties: ['openFile' as const], filters: YAML_FILTERS };
      const result = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
      const file = result.filePaths[0];
      if (result.canceled || !file) return null;
      const text = await readPayloadText(file);
      chosen.add(path.resolve(file));
      return { path: file, text };
    },

    async saveYaml(requested, text) {
      let target =
        requested && chosen.has(path.resolve(requested)) ? path.resolve(requested) : null;
      if (!target) {
        const window = getWindow();
        const options = {
          defaultPath: requested ?? 'payload.yaml',
          filters: filtersFor(requested),
        };
        const result = window
          ? await dialog.showSaveDialog(window, options)
          : await dialog.showSaveDialog(options);
        if (result.canceled || !result.filePath) return null;
        target = path.resolve(result.filePath);
      }
      await writeFileAtomic(target, text, { mode: 0o644 });
      chosen.add(target);
      return { path: target };
    },
  };
}
