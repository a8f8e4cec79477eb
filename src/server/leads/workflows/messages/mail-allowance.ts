import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/* Daily caps on the mail we send to a person (decision 154): counts per day and keyed hash. */

export type MailAllowanceTables = {
  person_mail_days: {
    /** Days since the epoch (UTC). */
    day: number;
    /** A keyed HMAC-SHA256 of what is counted ("confirmation to <e-mail>"...), cut to 128 bits. */
    key_hash: string;
    mails: number;
  };
};

export const mailAllowanceMigrations: MigrationSet = () => ({
  '290_person_mail_days': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('person_mail_days')
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('mails', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('person_mail_days_pk', ['day', 'key_hash'])
        .execute();
    },
  },
});

const DAY_MS = 86_400_000;

/** One daily count: what it counts (an e-mail, a client address) and how many it allows. */
export interface MailCap {
  key: string;
  limit: number;
}

/** Counts mails a day per key; yesterday's rows go as today starts, so storage stays bounded. */
export class MailAllowance {
  private readonly key: Buffer;
  private prunedDay = -1;

  constructor(spamKey: Buffer) {
    this.key = createHmac('sha256', spamKey).update('person-mail-days').digest();
  }

  /**
   * Counts one mail against each cap in turn (in the caller's transaction) and answers whether
   * all allow it; a cap already spent stops the count, so the later ones are not used up.
   */
  async take(db: Kysely<MailAllowanceTables>, caps: readonly MailCap[], nowMs: number) {
    const day = Math.floor(nowMs / DAY_MS);
    if (day !== this.prunedDay) {
      this.prunedDay = day;
      await db.deleteFrom('person_mail_days').where('day', '<', day).execute();
    }
    for (const cap of caps) {
      const row = await db
        .insertInto('person_mail_days')
        .values({ day, key_hash: this.hashOf(cap.key), mails: 1 })
        .onConflict((conflict) =>
          conflict.columns(['day', 'key_hash']).doUpdateSet((eb) => ({
            mails: eb('person_mail_days.mails', '+', 1),
          })),
        )
        .returning('mails')
        .executeTakeFirstOrThrow();
      if (row.mails > cap.limit) return false;
    }
    return true;
  }

  private hashOf(key: string): string {
    return createHmac('sha256', this.key).update(key).digest('base64url').slice(0, 22);
  }
}
