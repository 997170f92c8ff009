import type { NamespaceHandlers } from '../dispatch';
import { unsupported } from '../../errors/app-error';
import type { FileDialogs } from '../types';

const NO_DIALOGS =
  'In browser mode use the editor’s Upload and Download buttons: the browser itself reads and writes the file.';

/** Opening and saving payload files with the desktop's dialogs; browser mode has none. */
export function filesHandlers(dialogs: FileDialogs | undefined): NamespaceHandlers<'files'> {
  return {
    'files.open': async () => {
      if (!dialogs) throw unsupported('Opening files with a dialog', NO_DIALOGS);
      return dialogs.openYaml();
    },
    'files.save': async ({ path, text }) => {
      if (!dialogs) throw unsupported('Saving files with a dialog', NO_DIALOGS);
      return dialogs.saveYaml(path, text);
    },
  };
}
