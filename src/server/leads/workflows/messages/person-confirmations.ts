import type { LeadKind } from '@shared/lead-status';
import type { Kysely } from 'kysely';
import { tablesOf } from '../../../platform/database/connection';
import { addressKeyOf } from '../../../platform/http/address-key';
import { enqueueMessages } from '../../../platform/outbox/outbox';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import { LEAD_CREATED } from '../../records/lead-created';
import { normalizeEmail } from '../../records/upsert';
import type { MailAllowance, MailAllowanceTables, MailCap } from './mail-allowance';

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
