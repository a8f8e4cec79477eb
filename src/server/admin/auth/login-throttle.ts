import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { addressKey } from '../../platform/http/address-key';
import type { AdminAuthTables } from './auth-tables';

/** Sign-in attempts one address may make within the window; later ones answer 429. */
export const MAX_ATTEMPTS = 5;
export const WINDOW_MS = 15 * 60 * 1000;

/** An IPv6 address counts by its /64. */
const clientKey = (ip: string): string => createHash('sha256').update(addressKey(ip)).digest('hex');

/** What the throttle says about one attempt, already counted. */
export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sign-in attempts per client IP, in the database so every instance sees them (docs/decisions/021,
 * 060). Counted BEFORE the password check by one atomic upsert, so concurrent guesses cannot all
 * pass the check and a refused attempt costs no scrypt.
 */
export class LoginThrottle {
  constructor(private readonly db: Kysely<AdminAuthTables>) {}

  /**
   * Counts an attempt from `ip` and says whether it may go on to the password check. The
   * window starts at the first attempt and is fixed: a refused attempt does not extend it.
   */
  async countAttempt(ip: string, now = new Date()): Promise<AttemptVerdict> {
    const at = now.toISOString();
    const expired = new Date(now.getTime() - WINDOW_MS).toISOString();
    // The same statement on SQLite (3.35+) and PostgreSQL: one row per address, reset when its
    // window has passed, incremented otherwise; the database serialises concurrent upserts.
    const stale = sql<boolean>`admin_login_attempts.window_started_at <= ${expired}`;
    const row = await this.db
      .insertInto('admin_login_attempts')
      .values({ client_key: clientKey(ip), window_started_at: at, attempts: 1 })
      .onConflict((conflict) =>
        conflict.column('client_key').doUpdateSet({
          attempts: sql<number>`case when ${stale} then 1 else admin_login_attempts.attempts + 1 end`,
          window_started_at: sql<string>`case when ${stale} then ${at} else admin_login_attempts.window_started_at end`,
        }),
      )
      .returning(['attempts', 'window_started_at'])
      .executeTakeFirstOrThrow();
    if (Number(row.attempts) <= MAX_ATTEMPTS) return { allowed: true };
    const reopensAt = new Date(row.window_started_at).getTime() + WINDOW_MS;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)),
    };
  }

  /** A successful sign-in forgets the address's attempts (and expired rows of others). */
  async reset(ip: string, now = new Date()): Promise<void> {
    await this.forget(now, clientKey(ip));
  }

  /**
   * Drops rows whose window has passed, after a wrong password (at most 5 per address per
   * window), so addresses that never sign in do not pile up.
   */
  async pruneExpired(now = new Date()): Promise<void> {
    await this.forget(now);
  }

  private async forget(now: Date, key?: string): Promise<void> {
    const expired = new Date(now.getTime() - WINDOW_MS).toISOString();
    await this.db
      .deleteFrom('admin_login_attempts')
      .where((eb) =>
        eb.or([
          eb('window_started_at', '<=', expired),
          ...(key === undefined ? [] : [eb('client_key', '=', key)]),
        ]),
      )
      .execute();
  }
}
