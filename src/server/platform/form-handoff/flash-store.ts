import type { PageState } from '@shared/page-state';

/** A form's messages or confirmation, waiting for the next view of `route`. */
export interface Flash {
  route: string;
  state: PageState;
  /** Epoch ms after which it is no longer shown. */
  expires: number;
}

/**
 * Where flashes wait between a form's 303 and the page that follows (decision 122): this
 * process's memory on SQLite, the database on PostgreSQL, so that the page may be served by
 * another instance than the one that took the post.
 */
export interface FlashStore {
  put(id: string, flash: Flash, nowMs: number): Promise<void>;
  /** The flash `id` if it is for `route`, removed; one for another route is left for it. */
  take(id: string, route: string): Promise<Flash | undefined>;
}

/** A bound on memory: at most this many flashes wait at once (the oldest go first). */
const MAX_FLASHES = 2000;

/** One process serves a SQLite site: memory is the flash's natural home. */
export class MemoryFlashes implements FlashStore {
  private readonly flashes = new Map<string, Flash>();

  put(id: string, flash: Flash, nowMs: number): Promise<void> {
    for (const [kept, { expires }] of this.flashes) {
      // Map order is insertion order: expired ones and the oldest beyond the bound go first.
      if (expires > nowMs && this.flashes.size < MAX_FLASHES) break;
      this.flashes.delete(kept);
    }
    this.flashes.set(id, flash);
    return Promise.resolve();
  }

  take(id: string, route: string): Promise<Flash | undefined> {
    const flash = this.flashes.get(id);
    if (!flash || flash.route !== route) return Promise.resolve(undefined);
    this.flashes.delete(id);
    return Promise.resolve(flash);
  }
}
