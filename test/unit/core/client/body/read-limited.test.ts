import { describe, expect, it } from 'vitest';
import {
  BodyTooLarge,
  UnreadableBody,
  limitedChunks,
  readBodyStart,
  readLimitedText,
} from '../../../../../src/core/client/body/read-limited';

/*
 * Reading a body with a byte counter, on real web streams: the limit exactly and one byte past
 * it, the stream cancelled whenever reading stops early (and only then), characters split
 * across chunks, and the start of a failed call's body cut at the limit. Written from the
 * mutation run's survivors.
 */

const enc = new TextEncoder();

/** A stream of the given chunks that records whether it was cancelled. */
function stream(chunks: (string | Uint8Array)[]) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? enc.encode(c) : c);
      controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

async function collect(it: AsyncGenerator<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const c of it) n += c.byteLength;
  return n;
}

describe('limitedChunks', () => {
  it('yields a body of exactly the limit, and does not cancel a stream read to its end', async () => {
    const s = stream(['abc', 'de']);
    expect(await collect(limitedChunks(s.body, 5))).toBe(5);
    expect(s.state.cancelled).toBe(false);
  });

  it('stops one byte past the limit with what it read, and cancels the stream', async () => {
    const s = stream(['abc', 'def', 'ghi']);
    const error = await collect(limitedChunks(s.body, 5)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLarge);
    expect(error).toMatchObject({
      name: 'BodyTooLarge',
      message: 'more than 5 bytes',
      limit: 5,
      received: 6,
    });
    expect(s.state.cancelled).toBe(true);
  });

  it('cancels the stream when its consumer stops early', async () => {
    const s = stream(['abc', 'def']);
    for await (const chunk of limitedChunks(s.body, 100)) {
      expect(chunk.byteLength).toBe(3);
      break;
    }
    expect(s.state.cancelled).toBe(true);
  });

  it('yields nothing for no body', async () => {
    expect(await collect(limitedChunks(null, 5))).toBe(0);
  });
});

describe('readLimitedText', () => {
  it('joins a character split across chunks, and replaces invalid bytes as Response.text does', async () => {
    const euro = enc.encode('€'); // three bytes
    const s = stream([euro.subarray(0, 1), euro.subarray(1), new Uint8Array([0xff])]);
    expect(await readLimitedText(s.body, 100)).toBe('€\uFFFD');
  });

  it('keeps a character cut at the very end as a replacement, not silently', async () => {
    const s = stream([enc.encode('€').subarray(0, 2)]);
    expect(await readLimitedText(s.body, 100)).toBe('\uFFFD');
  });
});

describe('readBodyStart', () => {
  it('gives the whole body, not cut, when it fits, even exactly', async () => {
    expect(await readBodyStart(stream(['hello']).body, 5)).toEqual({ text: 'hello', cut: false });
    expect(await readBodyStart(null, 5)).toEqual({ text: '', cut: false });
  });

  it('cuts at the limit across chunks, says so, and cancels the rest', async () => {
    const s = stream(['abc', 'defgh', 'ijk']);
    expect(await readBodyStart(s.body, 5)).toEqual({ text: 'abcde', cut: true });
    expect(s.state.cancelled).toBe(true);
  });

  it('joins a character split across chunks before the limit', async () => {
    const euro = enc.encode('€');
    const s = stream([euro.subarray(0, 2), euro.subarray(2), 'x']);
    expect(await readBodyStart(s.body, 10)).toEqual({ text: '€x', cut: false });
  });
});

describe('UnreadableBody', () => {
  it('names itself and keeps its cause when it has one', () => {
    const cause = new Error('inner');
    expect(new UnreadableBody('not JSON', cause)).toMatchObject({
      name: 'UnreadableBody',
      message: 'not JSON',
      cause,
    });
    expect('cause' in new UnreadableBody('cut short')).toBe(false);
  });
});
