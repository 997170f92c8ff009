import type { NamespaceHandlers } from '../dispatch';
import { listTemplates } from '../../templates/templates';

/** The payload templates shipped with the app, for the variant asked. */
export function templatesHandlers(templatesDir: string): NamespaceHandlers<'templates'> {
  return {
    'templates.list': ({ variant }) => listTemplates(templatesDir, variant),
  };
}
