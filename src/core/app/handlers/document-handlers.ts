import type { HandlerTable } from '../dispatch';
import { unsupported } from '../../errors/app-error';
import type { DraftsStore } from '../drafts-store';
import { listTemplates } from '../templates';
import type { FileDialogs } from '../types';

type DocumentCalls = 'templates.list' | 'files.open' | 'files.save' | 'drafts.load' | 'drafts.save';

const NO_DIALOGS =
  'In browser mode use the editor’s Upload and Download buttons: the browser itself reads and writes the file.';

export function documentHandlers(deps: {
  templatesDir: string;
  drafts: DraftsStore;
  dialogs?: FileDialogs | undefined;
}): Pick<HandlerTable, DocumentCalls> {
  const { dialogs } = deps;
  return {
    'templates.list': ({ variant }) => listTemplates(deps.templatesDir, variant),
    'files.open': async () => {
      if (!dialogs) throw unsupported('Opening files with a dialog', NO_DIALOGS);
      return dialogs.openYaml();
    },
    'files.save': async ({ path, text }) => {
      if (!dialogs) throw unsupported('Saving files with a dialog', NO_DIALOGS);
      return dialogs.saveYaml(path, text);
    },
    'drafts.load': () => deps.drafts.load(),
    'drafts.save': async ({ tabs }) => {
      await deps.drafts.save(tabs);
      return null;
    },
  };
}
