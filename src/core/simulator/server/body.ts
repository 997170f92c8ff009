import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error';

const tooLarge = (limit: number) =>
  new HttpError(413, 'payload_too_large', `request body exceeds ${limit} bytes`, undefined, {
    // The rest of the body is never read; closing is the only way to stay in sync.
    connection: 'close',
  });

/** The raw body, refused with 413 as soon as it is known to exceed `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The body parsed as JSON; `undefined` when empty, 400 when it is not JSON. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const raw = await readBody(req, limit);
  const text = raw.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(
      400,
      'invalid_json',
      `request body is not valid JSON: ${(error as Error).message}`,
    );
  }
}
