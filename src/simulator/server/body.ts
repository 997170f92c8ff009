import type { IncomingMessage } from 'node:http';
import { jsonLimitMessage, jsonLimitPassed } from '../../shared/json/shape';
import { decodeUtf8 } from '../../shared/text/utf8';
import { JSON_BODY_LIMITS } from '../../shared/yaml/limits';
import { HttpError } from './http-error';

/**
 * How deep a request body may nest (`JSON_BODY_LIMITS`, with how many values it may hold):
 * anything deeper or larger is refused before it is parsed, so no schema check or store write
 * later runs out of stack on it, no parse builds a gigabyte of objects from it, and no job id is
 * spent on it.
 */
export const MAX_BODY_NESTING = JSON_BODY_LIMITS.maxDepth;

const tooLarge = (limit: number) =>
  new HttpError(413, 'payload_too_large', `request body exceeds ${limit} bytes`, undefined, {
    // The rest of the body is never read; closing is the only way to stay in sync.
    connection: 'close',
  });

/** Whether the request carries a body at all (a declared length above 0, or chunks). */
function hasBody(req: IncomingMessage): boolean {
  const declared = Number(req.headers['content-length']);
  return (
    (Number.isFinite(declared) && declared > 0) || req.headers['transfer-encoding'] !== undefined
  );
}

/**
 * A body must say it is JSON. A web page on another site can send a "simple" cross-site POST
 * (a form, or fetch with text/plain) without asking the browser's permission first; with any
 * other type the browser asks first (a CORS preflight), which this server never grants. So a
 * login or a job from someone else's page is refused here, even though the page cannot read the
 * answer.
 */
function requireJson(req: IncomingMessage): void {
  if (!hasBody(req)) return;
  const type = (req.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type === 'application/json') return;
  throw new HttpError(
    415,
    'unsupported_media_type',
    `request body must be sent as Content-Type: application/json (was ${type ? `'${type}'` : 'not given'})`,
    undefined,
    { connection: 'close' },
  );
}

/** The raw body, refused with 413 as soon as it is known to exceed `limit` bytes. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
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

/** The body parsed as JSON; `undefined` when empty, 415 when not sent as JSON, 400 when it is not JSON. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  requireJson(req);
  const raw = await readBody(req, limit);
  // JSON is UTF-8. Decoding with replacement characters would run a payload the client never
  // wrote (a bad byte in a YAML string becomes U+FFFD and the job completes): refuse it.
  const decoded = decodeUtf8(raw);
  if (!decoded.ok) {
    throw new HttpError(
      400,
      'invalid_json',
      `request body is not valid UTF-8: the byte at offset ${decoded.offset} ${decoded.reason}`,
    );
  }
  const text = decoded.text;
  if (text.trim() === '') return undefined;
  const passed = jsonLimitPassed(text, JSON_BODY_LIMITS);
  if (passed) throw new HttpError(400, 'invalid_json', `request body ${jsonLimitMessage(passed)}`);
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
