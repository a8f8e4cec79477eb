import type { Kysely } from 'kysely';
import { recordCallConversion, type SubmissionClient } from '../../../conversions';
import { tablesOf } from '../../../platform/database/connection';
import { verifiedContact } from '../../records/lead-contact';
import type { LeadRecordTables, LeadTable } from '../../records/lead-tables';
import type { PipelineTables } from '../../records/pipeline-tables';
import type { ConsentSignal } from '@shared/schemas/conversion';
import { parsedJson } from '../people/person-report-views';

/** The first fbclid the lead's forms brought (first touch, like the attribution columns). */
function firstClick(submissions: { attribution: string | null; created_at: string }[]) {
  for (const submission of submissions) {
    const fbclid = parsedJson(submission.attribution)?.fbclid;
    if (typeof fbclid === 'string' && fbclid) {
      return { fbclid, atMs: Date.parse(submission.created_at) };
    }
  }
  return undefined;
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

/** What Meta may learn of a candidate: proven consent, first click, contact (decision 176). */
export async function conversionFacts(trx: Kysely<LeadRecordTables>, id: number) {
  const submissions = await trx
    .selectFrom('lead_submissions')
    .select(['consent', 'attribution', 'created_at', 'verified'])
    .where('lead_table', '=', 'candidates')
    .where('lead_id', '=', id)
    .orderBy('id')
    .execute();
  const proven = submissions.filter((submission) => submission.verified === 1);
  return {
    subject: { type: 'candidate' as const, id },
    consent: (await optedOut(trx, 'candidates', id)) ? 'denied' : consentOf(submissions),
    click: firstClick(proven),
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
