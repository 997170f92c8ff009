import type { z } from 'zod';
import { calls } from '../../shared/ipc/contract';
import { PAGE_MAX_FOLLOWED_JOBS } from '../../shared/ipc/limits';

export type FollowInput = z.output<(typeof calls)['jobs.follow']['input']>;

/** What a host does with a `jobs.follow` / `jobs.unfollow` call of one page. */
export type FollowStep =
  /** Answer `busy` with this message; the core is not asked. */
  | { refusal: string }
  /** Answer at once with nothing; the core is not asked. */
  | { answered: true }
  /** Ask the core; then tell `after` whether it took the follow. */
  | { after: (ok: boolean) => void };

/**
 * The jobs one page follows (`jobs.follow`: the open job's detail kept current by the core),
 * kept by the host that carries the page's calls: browser mode's socket, the desktop app's
 * window. A follow is counted once the core took it (and undone if the page went away by then),
 * an unfollow passes only for what this page follows, a second follow of the same job is
 * answered without the core: a page cannot end another page's follow or pile up its own, and
 * what it follows is unfollowed when it goes (`release`: the socket closed, the window closed or
 * loaded another page). The app as a whole follows at most MAX_FOLLOWED_JOBS
 * (core/jobs/watch-limits.ts).
 */
export class PageFollows {
  readonly #follows = new Map<string, FollowInput>();
  #released = false;

  constructor(
    private readonly unfollow: (follow: FollowInput) => void,
    private readonly max = PAGE_MAX_FOLLOWED_JOBS,
  ) {}

  /** How many jobs the page follows now. */
  get size(): number {
    return this.#follows.size;
  }

  /** What to do with a call: null for a call that is not a follow (or that the dispatcher refuses). */
  step(name: string, input: unknown): FollowStep | null {
    if (name !== 'jobs.follow' && name !== 'jobs.unfollow') return null;
    const parsed = calls[name].input.safeParse(input ?? {});
    if (!parsed.success) return null;
    const key = `${parsed.data.profileId}\n${parsed.data.id}`;
    if (name === 'jobs.unfollow') return this.#follows.delete(key) ? null : { answered: true };
    if (this.#follows.has(key)) return { answered: true };
    if (this.#follows.size >= this.max) {
      return {
        refusal:
          `Job ${parsed.data.id} is not followed: this page follows ${this.#follows.size} jobs ` +
          `already, the most one page may. Close another job's detail first.`,
      };
    }
    return {
      after: (ok) => {
        if (!ok) return;
        if (this.#released) this.unfollow(parsed.data);
        else this.#follows.set(key, parsed.data);
      },
    };
  }

  /** The page is gone: every job it follows is unfollowed, and so is one it follows later. */
  release(): void {
    this.#released = true;
    for (const follow of this.#follows.values()) this.unfollow(follow);
    this.#follows.clear();
  }
}

/**
 * The pages of a host that carries several, by a key of the host's (the desktop app: a window's
 * web contents' id), each with its follows: the one record of which pages exist. A key is new
 * until the page is gone for good (`gone`); a page that loads another in its place (`replaced`:
 * a reload, a crashed renderer) keeps its key, and its follows end with the page before.
 */
export class PageFollowsLedger<K> {
  readonly #pages = new Map<K, PageFollows>();

  constructor(private readonly unfollow: (follow: FollowInput) => void) {}

  /** The follows of the page `key` names; `arrived` is told once, when the key is new. */
  of(key: K, arrived: () => void): PageFollows {
    let follows = this.#pages.get(key);
    if (!follows) {
      follows = new PageFollows(this.unfollow);
      this.#pages.set(key, follows);
      arrived();
    }
    return follows;
  }

  /** Another page in the place of `key`'s: what it followed ends, the new page follows nothing. */
  replaced(key: K): void {
    const before = this.#pages.get(key);
    if (!before) return;
    before.release();
    this.#pages.set(key, new PageFollows(this.unfollow));
  }

  /** The page is gone for good: what it followed ends, and its key is new again. */
  gone(key: K): void {
    const follows = this.#pages.get(key);
    this.#pages.delete(key);
    follows?.release();
  }

  /** The host stops: every page's follows end. */
  releaseAll(): void {
    for (const follows of this.#pages.values()) follows.release();
    this.#pages.clear();
  }
}
