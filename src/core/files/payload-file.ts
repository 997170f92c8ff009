import path from 'node:path';
import { readFileUpTo } from '../../node-kit/fs/read-limited';
import { formatMegabytes } from '../../shared/ipc/limits';
import { decodeUtf8 } from '../../shared/text/utf8';
import { AppError, APP_ERROR_CODES } from '../errors/app-error';

/** The largest payload file File → Open reads. */
const MAX_PAYLOAD_FILE_BYTES = 20 * 1024 * 1024;

/**
 * A payload file's text for the editor: refused when it is too large (read no further than the
 * limit, so /dev/zero or a FIFO cannot fill memory), or when it is not UTF-8 (saying where the
 * first bad byte is), so the editor never shows replacement characters the file does not hold.
 */
export async function readPayloadText(file: string): Promise<string> {
  const name = path.basename(file);
  const read = await readFileUpTo(file, MAX_PAYLOAD_FILE_BYTES);
  if (read.tooLarge) {
    const limit = formatMegabytes(MAX_PAYLOAD_FILE_BYTES);
    const size =
      read.size === null ? `holds more than ${limit}` : `is ${formatMegabytes(read.size)}`;
    throw new AppError(
      APP_ERROR_CODES.invalidInput,
      `${name} was not opened: it ${size}, larger than the limit; payload files up to ${limit} can be opened.`,
    );
  }
  const decoded = decodeUtf8(read.bytes);
  if (!decoded.ok) {
    throw new AppError(APP_ERROR_CODES.invalidInput, `${name} was not opened: ${decoded.message}.`);
  }
  return decoded.text;
}
