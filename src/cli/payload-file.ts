import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { YamlProblem } from '../shared/yaml';
import { UsageError } from './errors';
import type { CliIo } from './io';
import { readAll } from './io';

/** Reads a payload document: a path (relative to the working folder) or `-` for stdin. */
export async function readPayloadFile(
  file: string,
  io: CliIo,
): Promise<{ name: string; text: string }> {
  if (file === '-') {
    if (!io.stdin) throw new UsageError('standard input is not available');
    return { name: '<stdin>', text: await readAll(io.stdin) };
  }
  const full = path.resolve(io.cwd, file);
  try {
    return { name: file, text: await fs.readFile(full, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a folder'
          : (error as Error).message;
    throw new UsageError(`cannot read ${file}: ${why}`, { pointToHelp: false });
  }
}

/** `file:line:column: severity: message (at path) [code]`, the form editors and CI logs link. */
export function formatProblem(name: string, p: YamlProblem): string {
  const at = p.path ? ` (at ${p.path})` : '';
  return `${name}:${p.line}:${p.column}: ${p.severity}: ${p.message}${at} [${p.code}]`;
}
