import { promises as fs } from 'node:fs';
import path from 'node:path';
import { decodeUtf8, invalidUtf8Problem } from '../shared/text/utf8';
import type { YamlProblem } from '../shared/yaml';
import { UsageError } from './errors';
import { oneLine } from './output/terminal-text';
import type { CliIo } from './io';
import { readAllBytes } from './io';

/**
 * A payload file's text, or the reason it has none: a file that is not UTF-8 is refused with
 * where its first bad byte is (never decoded with replacement characters and checked as such).
 */
export type PayloadFile = { name: string; text: string } | { name: string; invalid: YamlProblem };

/** Reads a payload document: a path (relative to the working folder) or `-` for stdin. */
export async function readPayloadFile(file: string, io: CliIo): Promise<PayloadFile> {
  const name = file === '-' ? '<stdin>' : file;
  const decoded = decodeUtf8(await readBytes(file, io));
  return decoded.ok ? { name, text: decoded.text } : { name, invalid: invalidUtf8Problem(decoded) };
}

async function readBytes(file: string, io: CliIo): Promise<Uint8Array> {
  if (file === '-') {
    if (!io.stdin) throw new UsageError('standard input is not available');
    return readAllBytes(io.stdin);
  }
  const full = path.resolve(io.cwd, file);
  try {
    return await fs.readFile(full);
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

/**
 * `file:line:column: severity: message (at path) [code]`, the form editors and CI logs link.
 * Messages quote the document (its keys, its values) and the name may be anyone's file name:
 * their control characters are printed escaped, so a key holding OSC 52 cannot write the clipboard.
 */
export function formatProblem(name: string, p: YamlProblem): string {
  const at = p.path ? ` (at ${oneLine(p.path)})` : '';
  return `${oneLine(name)}:${p.line}:${p.column}: ${p.severity}: ${oneLine(p.message)}${at} [${p.code}]`;
}
