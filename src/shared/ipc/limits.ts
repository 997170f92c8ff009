/**
 * The sizes the contract, browser mode's socket and the page agree on, in one place. The page
 * checks them before it sends anything, so a request the server would refuse is never sent; the
 * server checks them again, because a page may be hostile.
 */
const MB = 1024 * 1024;

/** The largest message browser mode's socket carries, either way (a larger one closes it). */
export const SOCKET_MAX_FRAME_BYTES = 64 * MB;

/**
 * Calls one socket may have in flight. The page queues any beyond it; the server stops reading a
 * socket at the bound and answers `busy` to a call beyond it, so a page cannot make the server
 * hold thousands of calls and their answers at once.
 */
export const SOCKET_MAX_CALLS_IN_FLIGHT = 32;

/**
 * Answers and events a socket may leave unread (bytes waiting to be sent): past it the socket is
 * closed, and the page reconnects and reads the current state again.
 */
export const SOCKET_MAX_UNREAD_BYTES = 2 * SOCKET_MAX_FRAME_BYTES;

/**
 * Distinct jobs one socket may ask to watch (`jobs.watch`) over its life; past it the call is
 * answered `busy` without watching any. A batch has at most 1,000 members, so a page that opens
 * ten of the largest still fits; the app as a whole watches at most MAX_WATCHED_JOBS.
 */
export const SOCKET_MAX_WATCHED_JOBS = 10_000;

/**
 * Jobs one page may follow at once (`jobs.follow`: the open job's detail kept current by the
 * core): a browser-mode socket, a desktop window. Past it the call is answered `busy`. A page
 * shows one job's detail; the room is for a follow that overlaps the next while the person moves
 * between jobs. Its follows end when the page goes (core/app/page-follows.ts). The app as a whole
 * follows at most MAX_FOLLOWED_JOBS (core/jobs/watch-limits.ts).
 */
export const PAGE_MAX_FOLLOWED_JOBS = 2;

/**
 * The open tabs' text together, as drafts (UTF-8 bytes). Below the frame size with room for what
 * JSON adds (quotes, escaped line breaks), so an autosave that fits this fits one message.
 */
export const DRAFTS_MAX_TOTAL_BYTES = 48 * MB;

/** One document: an editor tab, a saved file (characters). */
export const DOCUMENT_MAX_CHARS = 50_000_000;

/** UTF-8 size of a string without encoding it (a 60 MB draft would otherwise be copied to count it). */
export function utf8ByteLength(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2; // a surrogate pair: 2 code units, 4 bytes
        i++;
        continue;
      }
      bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/** "68 MB", "1.5 MB", "0.2 MB": sizes in messages people read. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  return `${mb >= 10 ? Math.round(mb) : Number(mb.toFixed(1))} MB`;
}
