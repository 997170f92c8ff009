import { promises as fs } from 'node:fs';
import path from 'node:path';
import { decodeUtf8 } from '../../shared/text/utf8';
import { AppError, APP_ERROR_CODES } from '../errors/app-error';

/** The largest payload file File → Open reads. */
const MAX_PAYLOAD_FILE_BYTES = 20 * 1024 * 1024;

/**
 * A payload file's text for the editor: refused when it is too large, or when it is not UTF-8
 * (saying where the first bad byte is), so the editor never shows replacement characters the
 * file does not hold.
 */
export async function readPayloadText(file: string): Promise<string> {
  const name = path.basename(file);
  const stat = await fs.stat(file);
  if (stat.size > MAX_PAYLOAD_FILE_BYTES) {
    throw new AppError(
      APP_ERROR_CODES.invalidInput,
      `${name} is ${(stat.size / 1e6).toFixed(1)} MB; payload files up to 20 MB can be opened.`,
    );
  }
  const decoded = decodeUtf8(await fs.readFile(file));
  if (!decoded.ok) {
    throw new AppError(APP_ERROR_CODES.invalidInput, `${name} was not opened: ${decoded.message}.`);
  }
  return decoded.text;
}
