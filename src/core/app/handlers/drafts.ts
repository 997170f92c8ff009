import type { NamespaceHandlers } from '../dispatch';
import type { DraftsStore } from '../../drafts/drafts-store';

/** The editor's open tabs, kept between runs. */
export function draftsHandlers(drafts: DraftsStore): NamespaceHandlers<'drafts'> {
  return {
    'drafts.load': () => drafts.load(),
    'drafts.save': async ({ tabs }) => {
      await drafts.save(tabs);
      return null;
    },
  };
}
