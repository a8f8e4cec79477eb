import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminAuthTables } from './auth-tables';

/** After this many failed sign-ins from one address within the window, login answers 429. */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

const clientKey = (ip: string): string => createHash('sha256').update(ip).digest('hex');

/**
 * Failed sign-ins counted per client IP in the database, so every instance behind a load
 * balancer sees the same count (docs/decisions/021). The IP is the socket's address unless
 * TRUST_PROXY is set, which the caller decides (request.ip).
 */
export class LoginThrottle {
  constructor(private readonly db: Kysely<AdminAuthTables>) {}

  /** Seconds until `ip` may try again, or undefined when it may try now. */
  async retryAfterSeconds(ip: string, now = new Date()): Promise<number | undefined> {
    const since = new Date(now.getTime() - WINDOW_MS).toISOString();
    const failures = await this.db
      .selectFrom('admin_login_failures')
      .select('created_at')
      .where('client_key', '=', clientKey(ip))
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(MAX_FAILURES)
      .execute();
    if (failures.length < MAX_FAILURES) return undefined;
    // The count drops below the limit when the oldest of the last MAX_FAILURES leaves the window.
    const oldest = failures[failures.length - 1] as { created_at: string };
    const reopensAt = new Date(oldest.created_at).getTime() + WINDOW_MS;
    return Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
  }

  async recordFailure(ip: string, now = new Date()): Promise<void> {
    await this.db
      .insertInto('admin_login_failures')
      .values({ client_key: clientKey(ip), created_at: now.toISOString() })
      .execute();
    const expired = new Date(now.getTime() - WINDOW_MS).toISOString();
    await this.db.deleteFrom('admin_login_failures').where('created_at', '<=', expired).execute();
  }

  /** A successful sign-in forgets the address's earlier failures. */
  async reset(ip: string): Promise<void> {
    await this.db
      .deleteFrom('admin_login_failures')
      .where('client_key', '=', clientKey(ip))
      .execute();
  }
}
