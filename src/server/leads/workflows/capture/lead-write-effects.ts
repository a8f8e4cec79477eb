import { recordFormConversions } from '../../../conversions';
import { tablesOf } from '../../../platform/database/connection';
import { enqueueMessages } from '../../../platform/outbox/outbox';
import type { OutboxDestination, OutboxTables } from '../../../platform/outbox/outbox-tables';
import { LEAD_CREATED, type LeadCreatedPayload } from '../../records/lead-created';
import { verifiedContact } from '../../records/lead-contact';
import { leadTypeOf, type LeadTable } from '../../records/lead-tables';
import type { LeadStep, LeadWriteEffects } from '../../records/upsert';
import { assignInTurn } from '../pipeline/lead-assignment';
import type { PersonConfirmations } from '../messages/person-confirmations';

/** What the 'lead.created' notice of a lead just inserted from `step` says. */
function leadCreatedPayload(
  table: LeadTable,
  id: number,
  step: LeadStep<string, string>,
): LeadCreatedPayload {
  const field = (name: string) => step.fields?.[name]?.trim() || null;
  return {
    type: leadTypeOf(table),
    id,
    firstName: field('first_name'),
    lastName: field('last_name'),
    contactName: field('contact_name'),
    companyName: field('company_name'),
    email: step.email.trim(),
    phone: field('phone'),
    sourcePage: step.attribution?.page || null,
    utmSource: step.attribution?.utmSource || null,
    utmCampaign: step.attribution?.utmCampaign || null,
  };
}

/**
 * Besides the record: a NEW lead's notices (075), its person's confirmation (154) and turn (162),
 * proven conversions (110, 176).
 */
export function leadWriteEffects(
  notify: readonly OutboxDestination[] = [],
  assignNew = false,
  confirmations?: PersonConfirmations,
): LeadWriteEffects {
  const notices = notify.filter((destination) => destination !== 'meta');
  const conversions = notify.includes('meta');
  return async (db, write, step, now) => {
    const { table, id, created, verified } = write;
    if (created && notices.length > 0) {
      const payload = leadCreatedPayload(table, id, step);
      await enqueueMessages(
        tablesOf<OutboxTables>(db),
        notices.map((destination) => ({
          destination,
          topic: LEAD_CREATED,
          payload,
          subjectType: payload.type,
          subjectId: id,
        })),
        now,
      );
    }
    if (created && confirmations) {
      const lead = { type: leadTypeOf(table), id };
      await confirmations.write(db, lead, step.email, step.client?.ip, now);
    }
    if (created && assignNew) await assignInTurn(db, table, id);
    if (conversions && verified) {
      await recordFormConversions(
        db,
        {
          subject: { type: leadTypeOf(table), id },
          created,
          form: step.form,
          client: step.client,
          sourcePage: step.attribution?.page ?? null,
          fbclid: step.attribution?.fbclid ?? null,
          contact: () => verifiedContact(db, table, id),
        },
        now,
      );
    }
  };
}
