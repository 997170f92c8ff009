import { open } from 'node:fs/promises';

/*
 * Reading a file or a stream someone else chose, with a limit that holds before the bytes are
 * read: /dev/zero, a FIFO, a pipe of 3 GB or a file that grows while it is read all stop at the
 * limit (plus the one byte that shows it was passed), and a regular file larger than the limit is
 * refused by its size without a byte read.
 */

export type LimitedRead =
  | { tooLarge: false; bytes: Uint8Array }
  /** `size`: the file's size when it is a regular file, else null (only "more than"). */
  | { tooLarge: true; size: number | null };

const CHUNK = 64 * 1024;

/** At most `maxBytes` of a file: its bytes, or that it holds more. */
export async function readFileUpTo(file: string, maxBytes: number): Promise<LimitedRead> {
  const handle = await open(file, 'r');
  try {
    const stat = await handle.stat();
    if (stat.isFile() && stat.size > maxBytes) return { tooLarge: true, size: stat.size };
    const parts: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const want = Math.min(CHUNK, maxBytes + 1 - total);
      const buffer = new Uint8Array(want);
      const { bytesRead } = await handle.read(buffer, 0, want, null);
      if (bytesRead === 0) break;
      parts.push(bytesRead === want ? buffer : buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) return { tooLarge: true, size: stat.isFile() ? total : null };
    }
    return { tooLarge: false, bytes: join(parts, total) };
  } finally {
    await handle.close();
  }
}

/**
 * At most `maxBytes` of a stream (text chunks, from tests, taken as UTF-8); it is left as soon as
 * the limit is passed, which ends it (standard input is not read further).
 */
export async function readStreamUpTo(
  stream: AsyncIterable<string | Uint8Array>,
  maxBytes: number,
): Promise<LimitedRead> {
  const parts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    total += bytes.length;
    if (total > maxBytes) return { tooLarge: true, size: null };
    parts.push(bytes);
  }
  return { tooLarge: false, bytes: join(parts, total) };
}

function join(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1 && parts[0]!.length === total) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
