import type { JobTextField, PredecodedParts, TruncatedField } from '../../../shared/wire';
import { JOB_TEXT_FIELDS, WireDecodeError, formatBytes } from '../../../shared/wire';
import type { KeptText } from './base64-text-sink';
import { Base64TextSink } from './base64-text-sink';
import { JsonObjectStream, JsonStreamError } from './json-object-stream';
import { UnreadableBody } from './read-limited';
import type { DetailKeepLimits } from './limits';

/** A job record read as a stream: the small fields as JSON, the text parts decoded on the way. */
export interface StreamedJobDetail extends PredecodedParts {
  /** The record without its streamed text fields (or the body, when it was not an object). */
  wire: unknown;
  truncated: TruncatedField[];
}

/** Which end of a text part is worth keeping: the end of a log holds the failure. */
const KEEP_END: Record<JobTextField, 'head' | 'tail'> = {
  logs: 'tail',
  error_logs: 'tail',
  error: 'head',
};

function isTextField(key: string): key is JobTextField {
  return (JOB_TEXT_FIELDS as readonly string[]).includes(key);
}

/**
 * Reads a job record whose text parts (logs, error logs, the error) may be far larger than what
 * is worth holding: each is decoded from base64 as it streams in and only its kept end is held,
 * once. The payload and the result are kept whole up to their limit or left out with a problem.
 */
export async function readJobDetailBody(
  chunks: AsyncIterable<Uint8Array>,
  keep: DetailKeepLimits,
): Promise<StreamedJobDetail> {
  const sinks = new Map<JobTextField, Base64TextSink>();
  const stream = new JsonObjectStream({
    sinkFor(key) {
      if (!isTextField(key)) return null;
      const sink = new Base64TextSink(key, keep[key], KEEP_END[key]);
      sinks.set(key, sink);
      return sink;
    },
    capFor: (key) => (key === 'payload' || key === 'result' ? keep[key] : keep.other),
    maxOther: keep.other,
  });
  const decoder = new TextDecoder();
  let read;
  try {
    for await (const chunk of chunks) stream.feed(decoder.decode(chunk, { stream: true }));
    const tail = decoder.decode();
    if (tail) stream.feed(tail);
    read = stream.finish();
  } catch (error) {
    if (error instanceof JsonStreamError) throw new UnreadableBody(error.message, error);
    throw error;
  }

  const texts: Partial<Record<JobTextField, string | WireDecodeError>> = {};
  const truncated: TruncatedField[] = [];
  for (const field of read.sunk) {
    if (!isTextField(field)) continue;
    const outcome: KeptText | WireDecodeError = (sinks.get(field) as Base64TextSink).result();
    if (outcome instanceof WireDecodeError) {
      texts[field] = outcome;
      continue;
    }
    texts[field] = outcome.text;
    if (outcome.kept !== 'all') {
      truncated.push({
        field,
        totalBytes: outcome.totalBytes,
        keptBytes: outcome.keptBytes,
        kept: outcome.kept,
      });
    }
  }
  const dropped = read.dropped.map(
    (d) =>
      new WireDecodeError(
        'too_large',
        d.key,
        `${d.preview}…`,
        `${formatBytes(d.chars)} arrived, more than the ${formatBytes(
          d.key === 'payload' || d.key === 'result' ? keep[d.key] : keep.other,
        )} kept of it; left out`,
      ),
  );
  return { wire: read.value, texts, truncated, dropped };
}

const TEXT_NAME: Record<JobTextField, string> = {
  logs: 'The logs are',
  error_logs: 'The error logs are',
  error: 'The error text is',
};

/**
 * "The logs are 100 MB, more than this app keeps: only the last 64 MB are shown.", for the note
 * beside a cut text in the CLI and the app.
 */
export function describeTruncation(t: TruncatedField): string {
  const which = t.kept === 'tail' ? 'last' : 'first';
  return `${TEXT_NAME[t.field]} ${formatBytes(t.totalBytes)}, more than this app keeps: only the ${which} ${formatBytes(t.keptBytes)} are shown.`;
}
