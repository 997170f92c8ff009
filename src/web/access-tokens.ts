import { randomBytes } from 'node:crypto';
import { tokensEqual } from './request-guard';

const newToken = (): string => randomBytes(32).toString('hex');

/**
 * Unused launch addresses kept at once (`qjob web --new-link` makes more): past it the oldest is
 * forgotten, so asking again and again costs no memory.
 */
export const MAX_UNUSED_LAUNCH_TOKENS = 16;

/**
 * Browser mode's credentials. A launch token is what the printed address carries (and what may
 * pass through another program's command line on its way to the browser): it opens one
 * connection, once. That connection is given a session token, which the page keeps in its tab
 * (a reload still works) and which no command line ever shows. Tokens live as long as the server.
 */
export class AccessTokens {
  private readonly launch = new Set<string>();
  private readonly sessions = new Set<string>();

  /** A new launch token (`fixed`: this one, for tests): another address that opens the app once. */
  issueLaunchToken(fixed?: string): string {
    const token = fixed ?? newToken();
    this.launch.add(token);
    for (const oldest of this.launch) {
      if (this.launch.size <= MAX_UNUSED_LAUNCH_TOKENS) break;
      this.launch.delete(oldest);
    }
    return token;
  }

  /**
   * Whether a connection offering `offered` is let in: with a session token as it is, with an
   * unused launch token in exchange for a session token. The page may propose its session token
   * (`proposed`, made and kept in its tab before it connects): then a reload that comes before
   * the first answer still gets in, with the proposal the used launch token registered. Without
   * a proposal the server makes one (`issued`, to send to the page). Every stored token is
   * compared, in constant time, whatever matches.
   */
  admit(offered: string | null, proposed: string | null = null): { issued: string | null } | null {
    let session = false;
    for (const t of this.sessions) {
      session = tokensEqual(offered, t) || session;
      session = tokensEqual(proposed, t) || session;
    }
    if (session) return { issued: null };
    let launch: string | null = null;
    for (const t of this.launch) if (tokensEqual(offered, t)) launch = t;
    if (launch === null) return null;
    this.launch.delete(launch);
    if (proposed !== null) {
      this.sessions.add(proposed);
      return { issued: null };
    }
    const issued = newToken();
    this.sessions.add(issued);
    return { issued };
  }
}
