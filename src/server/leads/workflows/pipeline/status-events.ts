import type { Kysely } from 'kysely';
import { recordCallConversion, type SubmissionClient } from '../../../conversions';
import { tablesOf } from '../../../platform/database/connection';
import { verifiedContact } from '../../records/lead-contact';
import type { LeadRecordTables, LeadTable } from '../../records/lead-tables';
import type { PipelineTables } from '../../records/pipeline-tables';
import type { ConsentSignal } from '@shared/schemas/conversion';
import { parsedJson } from '../people/person-report-views';

/**
 * The lead's ad click, one for all its Meta events (decision 110), kept as Meta's parameter
 * builder keeps `_fbc`: the latest fbclid its proven forms brought, timed when first received
 * (a new fbclid replaces it; the same one again keeps its time).
 */
export async function leadClick(
  db: Pick<Kysely<object>, 'getExecutor'>,
  table: LeadTable,
  id: number,
) {
  const forms = await tablesOf<LeadRecordTables>(db)
    .selectFrom('lead_submissions')
    .select(['attribution', 'created_at'])
    .where('lead_table', '=', table)
    .where('lead_id', '=', id)
    .where('verified', '=', 1)
    .orderBy('id')
    .execute();
  let click: { fbclid: string; atMs: number } | undefined;
  for (const form of forms) {
    const fbclid = parsedJson(form.attribution)?.fbclid;
    if (typeof fbclid === 'string' && fbclid && fbclid !== click?.fbclid) {
      click = { fbclid, atMs: Date.parse(form.created_at) };
    }
  }
  return click;
}

/** The latest proven form's consent, unless any form refused (GPC or denied): a refusal is safe
    to honour from anyone, a grant only from the proof (a stranger may have sent the first form). */
function consentOf(forms: { consent: ConsentSignal | null; verified: number }[]) {
  const refusal = forms.find(
    (form) => form.verified === 0 && form.consent && form.consent !== 'granted',
  );
  return refusal?.consent ?? forms.findLast((form) => form.verified === 1 && form.consent)?.consent;
}

/** The person said "Do Not Sell or Share" from a browser that proves the lead, and did not opt
    back in on their status page since: Meta learns no more. */
export async function optedOut(
  db: Pick<Kysely<object>, 'getExecutor'>,
  table: LeadTable,
  id: number,
) {
  const row = await tablesOf<PipelineTables>(db)
    .selectFrom('lead_activity')
    .select('kind')
    .where('lead_table', '=', table)
    .where('lead_id', '=', id)
    .where('kind', 'in', ['opted_out', 'opted_in'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.kind === 'opted_out';
}

/** What Meta may learn of a candidate: proven consent, click, contact (decision 176). */
export async function conversionFacts(trx: Kysely<LeadRecordTables>, id: number) {
  const submissions = await trx
    .selectFrom('lead_submissions')
    .select(['consent', 'verified'])
    .where('lead_table', '=', 'candidates')
    .where('lead_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    subject: { type: 'candidate' as const, id },
    consent: (await optedOut(trx, 'candidates', id)) ? 'denied' : consentOf(submissions),
    click: await leadClick(trx, 'candidates', id),
    contact: () => verifiedContact(trx, 'candidates', id),
  };
}

/** A candidate's booked call as `Schedule` (issue 43), in the booking's transaction. */
export async function recordCallEvent(
  db: Pick<Kysely<object>, 'getExecutor'>,
  id: number,
  client: SubmissionClient,
  now: Date,
): Promise<void> {
  const trx = tablesOf<LeadRecordTables>(db);
  // The page's own yes may come from a browser that never heard of the person's opt-out.
  if (await optedOut(trx, 'candidates', id)) return;
  await recordCallConversion(trx, { ...(await conversionFacts(trx, id)), client }, now);
}
