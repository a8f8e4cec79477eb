import type { Kysely } from 'kysely';
import { DAY_MS } from '@shared/calendar-day';
import type { LeadKind } from '@shared/lead-status';
import { tablesOf } from '../../../platform/database/connection';
import type { MigrationSet } from '../../../platform/database/migration-runner';
import { addressKeyOf } from '../../../platform/http/address-key';
import { enqueueMessages } from '../../../platform/outbox/outbox';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import { LEAD_CREATED } from '../../records/lead-created';
import { normalizeEmail } from '../../records/upsert';
import { keyedHash } from '../screening/address-counters';

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

/** One daily count: what it counts (an e-mail, a client address) and how many it allows. */
export interface MailCap {
  key: string;
  limit: number;
}

/** Counts mails a day per key; yesterday's rows go as today starts, so storage stays bounded. */
export class MailAllowance {
  private readonly hashOf: (key: string) => string;
  private prunedDay = -1;

  constructor(spamKey: Buffer) {
    this.hashOf = keyedHash(spamKey, 'person-mail-days');
  }

  /** One mail against each cap in turn: whether all allow it (a spent cap spares the later ones). */
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
}

/** One confirmation a day per e-mail address, whatever forms and leads name it. */
export const CONFIRMATIONS_PER_EMAIL_A_DAY = 1;
/** Confirmations a day from one client address (an IPv6 /64): a flood mails no stranger. */
export const CONFIRMATIONS_PER_ADDRESS_A_DAY = 30;

/** The confirmation names its lead only: the sender reads the lead when it sends. */
export interface ConfirmationPayload {
  type: LeadKind;
  id: number;
}

export interface ConfirmationSettings {
  /** CONFIRMATION_DELAY: a person finishing in one sitting gets one mail that says so. */
  delayMs: number;
  /** Cap per client address (off with LEAD_RATE_LIMIT=0, as every per-address limit). */
  perAddress: boolean;
}

/** A new lead's confirmation to its person (decision 154), written with the lead. */
export class PersonConfirmations {
  constructor(
    private readonly allowance: MailAllowance,
    private readonly settings: ConfirmationSettings,
  ) {}

  /** In the lead's insert transaction: the confirmation, due after the delay, within the caps. */
  async write(
    db: Pick<Kysely<object>, 'getExecutor'>,
    lead: ConfirmationPayload,
    email: string,
    clientIp: string | null | undefined,
    now: string,
  ): Promise<void> {
    const nowMs = Date.parse(now);
    const caps: MailCap[] = [
      { key: `confirmation to ${normalizeEmail(email)}`, limit: CONFIRMATIONS_PER_EMAIL_A_DAY },
    ];
    if (this.settings.perAddress && clientIp) {
      const key = `confirmations from ${addressKeyOf({ ip: clientIp })}`;
      caps.unshift({ key, limit: CONFIRMATIONS_PER_ADDRESS_A_DAY });
    }
    if (!(await this.allowance.take(tablesOf<MailAllowanceTables>(db), caps, nowMs))) return;
    const dueAt = new Date(nowMs + this.settings.delayMs).toISOString();
    const message = { destination: 'person' as const, topic: LEAD_CREATED, payload: lead };
    await enqueueMessages(
      tablesOf<OutboxTables>(db),
      [{ ...message, subjectType: lead.type, subjectId: lead.id, dueAt }],
      now,
    );
  }
}
