import type { StoredJob } from './stored-job';

/*
 * A job's record file is `JSON.stringify(job, null, 2)` and a line break, rewritten whole at
 * every change of status. Its payload never changes after submission, and for a payload of a
 * megabyte escaping it again (every line break of the YAML becomes `\n`) and turning the text
 * into UTF-8 took 3–7 ms of the server's thread per change: every client's requests waited.
 * The payload's part of the file is therefore made once per job, as bytes, and each change
 * writes the rest around it. The bytes are exactly those of the one-call form
 * (`test/unit/simulator/store/record-bytes.test.ts`).
 */

/** The payload's line in a record (top-level keys are indented by two spaces, once each). */
const PAYLOAD_LINE = '\n  "payload": ';
/** What the payload is replaced by while the rest of the record is written. */
const HOLE = 0;

/** The bytes of each payload's JSON as it sits in a record (nested one level), by payload. */
export class RecordBytes {
  private readonly payloads = new WeakMap<object, Buffer>();

  /** The record file's bytes for `job`: `JSON.stringify(job, null, 2)` and `\n`, as UTF-8. */
  of(job: StoredJob): Buffer {
    const payload: unknown = job.payload;
    if (typeof payload !== 'object' || payload === null) return whole(job);
    const text = JSON.stringify({ ...job, payload: HOLE }, null, 2);
    const at = text.indexOf(`${PAYLOAD_LINE}${HOLE}`);
    if (at < 0) return whole(job);
    let bytes = this.payloads.get(payload);
    if (!bytes) {
      // Each line of the payload's own JSON moves in by one level, as when it is nested.
      bytes = Buffer.from(JSON.stringify(payload, null, 2).replace(/\n/g, '\n  '));
      this.payloads.set(payload, bytes);
    }
    const head = Buffer.from(text.slice(0, at + PAYLOAD_LINE.length));
    const tail = Buffer.from(`${text.slice(at + PAYLOAD_LINE.length + String(HOLE).length)}\n`);
    return Buffer.concat([head, bytes, tail]);
  }
}

function whole(job: StoredJob): Buffer {
  return Buffer.from(`${JSON.stringify(job, null, 2)}\n`);
}
