/**
 * Reading an answer's body as a stream with a byte counter. Nothing here holds more than the
 * limit: a body that goes on is stopped (its stream cancelled, which closes the connection) as
 * soon as the counter passes the limit.
 */

/** More bytes arrived than the limit allows; `received` counts those read before stopping. */
export class BodyTooLarge extends Error {
  readonly limit: number;
  readonly received: number;
  constructor(limit: number, received: number) {
    super(`more than ${limit} bytes`);
    this.name = 'BodyTooLarge';
    this.limit = limit;
    this.received = received;
  }
}

/** A body that arrived whole but is not what it should be (not JSON, cut short). */
export class UnreadableBody extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'UnreadableBody';
  }
}

export type BodyStream = ReadableStream<Uint8Array> | null;

/**
 * The body's chunks as they arrive. Throws `BodyTooLarge` once more than `limit` bytes came;
 * the stream is cancelled whenever the reader stops early (too large, or its consumer threw).
 */
export async function* limitedChunks(body: BodyStream, limit: number): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  let received = 0;
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      received += next.value.byteLength;
      if (received > limit) throw new BodyTooLarge(limit, received);
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** The whole body as text (UTF-8, invalid bytes replaced, as `Response.text()` does). */
export async function readLimitedText(body: BodyStream, limit: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of limitedChunks(body, limit))
    text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * The start of a body, at most `limit` bytes, and whether there was more. For the bodies of
 * failed calls: their message is at the start, the rest is not worth reading.
 */
export async function readBodyStart(
  body: BodyStream,
  limit: number,
): Promise<{ text: string; cut: boolean }> {
  if (!body) return { text: '', cut: false };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return { text: text + decoder.decode(), cut: false };
      const room = limit - received;
      received += next.value.byteLength;
      if (received > limit) {
        text += decoder.decode(next.value.subarray(0, room));
        await reader.cancel().catch(() => undefined);
        return { text, cut: true };
      }
      text += decoder.decode(next.value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}
