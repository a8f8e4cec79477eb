import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { AddressKey } from '../../platform/http/address-key';
import { sha256Hex } from '../../platform/http/tokens';
import type { AdminAuthTables } from './auth-tables';

/** Sign-in attempts one address may make within the window; later ones answer 429. */
const MAX_ATTEMPTS = 5;
const WINDOW_MS = 15 * 60 * 1000;
/** Failures an account may have before each next attempt waits (1, 2, 4, 8, then 15 minutes). */
const FREE_ACCOUNT_FAILURES = 10;
const ACCOUNT_DELAY_MS = 60 * 1000;
const MAX_ACCOUNT_DELAY_MS = 15 * 60 * 1000;
/** An account's failures are forgotten an hour after it was last free to try. */
const HOUR_MS = 60 * 60 * 1000;
/** Wrong passwords the site may see in an hour before every sign-in waits. */
const SITE_FAILURE_BUDGET = 100;
export const SITE_WAIT_MS = 3000;

/** The account key of the password-only owner sign-in (named accounts use their e-mail). */
export const OWNER_ACCOUNT = 'owner';

type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface Attempt {
  address: AddressKey;
  /** OWNER_ACCOUNT, or a named account's normalised sign-in e-mail. */
  account: string;
}

/** No refusal lasts longer than the address's window or the account's longest delay. */
const LONGEST_WAIT_MS = Math.max(WINDOW_MS, MAX_ACCOUNT_DELAY_MS);

// Capped: `until` may come from another instance whose clock is a little ahead.
const refusedUntil = (until: number, now: Date): AttemptVerdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(
    1,
    Math.ceil(Math.min(until - now.getTime(), LONGEST_WAIT_MS) / 1000),
  ),
});

const accountDelayMs = (failures: number): number =>
  failures < FREE_ACCOUNT_FAILURES
    ? 0
    : Math.min(MAX_ACCOUNT_DELAY_MS, ACCOUNT_DELAY_MS * 2 ** (failures - FREE_ACCOUNT_FAILURES));

/** The site count's key: `2026-11-23T10`. */
const hourOf = (now: Date): string => now.toISOString().slice(0, 13);

/** Sign-in limits shared by instances, counted before the password check (no scrypt when refused). */
export class LoginThrottle {
  constructor(private readonly db: Kysely<AdminAuthTables>) {}

  async countAttempt({ address, account }: Attempt, now = new Date()): Promise<AttemptVerdict> {
    const byAddress = await this.countAddressAttempt(address, now);
    if (!byAddress.allowed) return byAddress;
    const byAccount = await this.countAccountAttempt(account, now);
    if (!byAccount.allowed) return byAccount;
    // A wait rather than a 429: nobody is refused by others' failures, the owner included.
    if (await this.siteBudgetSpent(now)) await sleep(SITE_WAIT_MS);
    return { allowed: true };
  }

  /** A wrong password: counted for the site, and expired rows of others are dropped. */
  async failed(now = new Date()): Promise<void> {
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    await this.db
      .insertInto('admin_login_site_failures')
      .values({ hour: hourOf(now), failures: 1 })
      .onConflict((conflict) =>
        conflict
          .column('hour')
          .doUpdateSet({ failures: sql<number>`admin_login_site_failures.failures + 1` }),
      )
      .execute();
    await this.db
      .deleteFrom('admin_login_site_failures')
      .where('hour', '<', hourOf(hourAgo))
      .execute();
    await this.forgetAddresses(now);
    await this.db
      .deleteFrom('admin_login_accounts')
      .where('next_attempt_at', '<=', hourAgo.toISOString())
      .execute();
  }

  async succeeded({ address, account }: Attempt, now = new Date()): Promise<void> {
    await this.forgetAddresses(now, sha256Hex(address));
    await this.db
      .deleteFrom('admin_login_accounts')
      .where('account_key', '=', sha256Hex(account))
      .execute();
  }

  /** A fixed window from the first attempt, counted by one upsert the database serialises. */
  private async countAddressAttempt(address: AddressKey, now: Date): Promise<AttemptVerdict> {
    const at = now.toISOString();
    const expired = new Date(now.getTime() - WINDOW_MS).toISOString();
    const stale = sql<boolean>`admin_login_attempts.window_started_at <= ${expired}`;
    const row = await this.db
      .insertInto('admin_login_attempts')
      .values({ client_key: sha256Hex(address), window_started_at: at, attempts: 1 })
      .onConflict((conflict) =>
        conflict.column('client_key').doUpdateSet({
          attempts: sql<number>`case when ${stale} then 1 else admin_login_attempts.attempts + 1 end`,
          window_started_at: sql<string>`case when ${stale} then ${at} else admin_login_attempts.window_started_at end`,
        }),
      )
      .returning(['attempts', 'window_started_at'])
      .executeTakeFirstOrThrow();
    if (Number(row.attempts) <= MAX_ATTEMPTS) return { allowed: true };
    return refusedUntil(new Date(row.window_started_at).getTime() + WINDOW_MS, now);
  }

  /** A failure until it succeeds; sets the next one's time (compare and swap, so each counts). */
  private async countAccountAttempt(account: string, now: Date): Promise<AttemptVerdict> {
    const key = sha256Hex(account);
    for (;;) {
      const row = await this.db
        .selectFrom('admin_login_accounts')
        .select(['failures', 'next_attempt_at'])
        .where('account_key', '=', key)
        .executeTakeFirst();
      const nextAt = row ? new Date(row.next_attempt_at).getTime() : 0;
      // Only a delay refuses: with none, a concurrent attempt may have stamped a later `now`.
      if (row && accountDelayMs(Number(row.failures)) > 0 && nextAt > now.getTime()) {
        return refusedUntil(nextAt, now);
      }
      const remembered = row && nextAt > now.getTime() - HOUR_MS;
      const failures = (remembered ? Number(row.failures) : 0) + 1;
      const next = {
        failures,
        next_attempt_at: new Date(now.getTime() + accountDelayMs(failures)).toISOString(),
      };
      const written = row
        ? await this.db
            .updateTable('admin_login_accounts')
            .set(next)
            .where('account_key', '=', key)
            .where('failures', '=', row.failures)
            .where('next_attempt_at', '=', row.next_attempt_at)
            .executeTakeFirst()
            .then((result) => result.numUpdatedRows)
        : await this.db
            .insertInto('admin_login_accounts')
            .values({ account_key: key, ...next })
            .onConflict((conflict) => conflict.column('account_key').doNothing())
            .executeTakeFirst()
            .then((result) => result.numInsertedOrUpdatedRows ?? 0n);
      if (Number(written) === 1) return { allowed: true };
    }
  }

  /** Failures in a sliding hour: this hour's, and the share of the last one not yet past. */
  private async siteBudgetSpent(now: Date): Promise<boolean> {
    const lastHour = hourOf(new Date(now.getTime() - HOUR_MS));
    const rows = await this.db
      .selectFrom('admin_login_site_failures')
      .select(['hour', 'failures'])
      .where('hour', '>=', lastHour)
      .execute();
    const count = (hour: string) => Number(rows.find((row) => row.hour === hour)?.failures ?? 0);
    const lastHourShare = 1 - (now.getTime() % HOUR_MS) / HOUR_MS;
    return count(hourOf(now)) + count(lastHour) * lastHourShare >= SITE_FAILURE_BUDGET;
  }

  private async forgetAddresses(now: Date, key?: string): Promise<void> {
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
