import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { Template } from '../../shared/ipc/schemas';
import type { VariantId } from '../../shared/variants/declaration';
import { executeTypes } from '../../shared/variants/declaration';
import { readHeaderComment } from '../../shared/yaml/header-comment';

/**
 * Payload templates are plain files (`resources/templates/a/*.yaml`, `.../b/*.yaml`), so adding
 * one needs no code. A leading `# title:` / `# description:` comment names it (and `# device:`
 * says which device it was written for: see readHeaderComment); its execute type is read from
 * the document's own `type` field, so a template cannot claim one thing and be another.
 */
export async function listTemplates(templatesDir: string, variant: VariantId): Promise<Template[]> {
  const dir = path.join(templatesDir, variant.toLowerCase());
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => /\.ya?ml$/i.test(n) && !n.startsWith('.'));
  } catch {
    return [];
  }
  const templates = await Promise.all(
    names.map(async (name) =>
      toTemplate(variant, name, await fs.readFile(path.join(dir, name), 'utf8')),
    ),
  );
  const order = executeTypes(variant);
  const rank = (t: Template): number => {
    const i = order.indexOf(t.executeType);
    return i < 0 ? order.length : i;
  };
  return templates.sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
}

export function toTemplate(variant: VariantId, fileName: string, text: string): Template {
  const base = fileName.replace(/\.ya?ml$/i, '');
  const header = readHeaderComment(text);
  return {
    id: `${variant.toLowerCase()}/${base}`,
    variant,
    executeType: readExecuteType(text),
    title: header.title ?? humanise(base),
    description: header.description ?? '',
    text,
  };
}

function readExecuteType(text: string): string {
  try {
    // Tags stay unresolved (they are the service's business); only the plain `type` is read.
    const doc = parseDocument(text, { uniqueKeys: false });
    const type = doc.get('type');
    return typeof type === 'string' ? type : 'unknown';
  } catch {
    return 'unknown';
  }
}

function humanise(base: string): string {
  const words = base
    .replace(/^\d+[-_]?/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : base;
}
