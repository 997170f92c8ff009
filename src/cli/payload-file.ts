import path from 'node:path';
import type { LimitedRead } from '../node-kit/fs/read-limited';
import { readFileUpTo, readStreamUpTo } from '../node-kit/fs/read-limited';
import { formatMegabytes } from '../shared/ipc/limits';
import { decodeUtf8, invalidUtf8Problem } from '../shared/text/utf8';
import type { YamlProblem } from '../shared/yaml';
import { DEFAULT_PARSE_LIMITS } from '../shared/yaml';
import { UsageError } from './errors';
import { oneLine } from './output/terminal-text';
import type { CliIo } from './io';

/**
 * A payload file's text, or the reason it has none: a file that is not UTF-8 is refused with
 * where its first bad byte is (never decoded with replacement characters and checked as such),
 * and one larger than a payload may be is refused by its size, read no further than that.
 */
export type PayloadFile = { name: string; text: string } | { name: string; invalid: YamlProblem };

/** The largest payload document read: the parse limit, and room for a byte order mark. */
const PAYLOAD_MAX_BYTES = DEFAULT_PARSE_LIMITS.maxBytes;
const BOM_BYTES = 3;

/** Reads a payload document: a path (relative to the working folder) or `-` for stdin. */
export async function readPayloadFile(file: string, io: CliIo): Promise<PayloadFile> {
  const name = file === '-' ? '<stdin>' : file;
  const read = await readBytes(file, io);
  if (read.tooLarge) return { name, invalid: tooLargeProblem(read.size) };
  const decoded = decodeUtf8(read.bytes);
  return decoded.ok ? { name, text: decoded.text } : { name, invalid: invalidUtf8Problem(decoded) };
}

/** Refused by its size: how large (when known), the limit, and what to do. */
function tooLargeProblem(size: number | null): YamlProblem {
  const max = PAYLOAD_MAX_BYTES;
  const what = size === null ? `it is more than ${max} bytes` : `it is ${size} bytes`;
  return {
    severity: 'error',
    code: 'size_limit',
    message: `the document is larger than the limit: ${what}, and the limit is ${max} bytes (${formatMegabytes(max)}); nothing past the limit was read. Give a payload document of at most ${formatMegabytes(max)}`,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
  };
}

async function readBytes(file: string, io: CliIo): Promise<LimitedRead> {
  const max = PAYLOAD_MAX_BYTES + BOM_BYTES;
  if (file === '-') {
    if (!io.stdin) throw new UsageError('standard input is not available');
    return readStreamUpTo(io.stdin, max);
  }
  const full = path.resolve(io.cwd, file);
  try {
    return await readFileUpTo(full, max);
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
