import type { Kysely } from 'kysely';
import { recordStatusConversion } from '../../../conversions';
import { verifiedContact } from '../../records/lead-contact';
import type { LeadRecordTables } from '../../records/lead-tables';
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

/** A new status to the Conversions API (decision 110) with proven consent, click and contact. */
export async function recordStatusEvent(
  trx: Kysely<LeadRecordTables>,
  id: number,
  status: string,
  now: Date,
): Promise<void> {
  const submissions = await trx
    .selectFrom('lead_submissions')
    .select(['consent', 'attribution', 'created_at'])
    .where('lead_table', '=', 'candidates')
    .where('lead_id', '=', id)
    .where('verified', '=', 1)
    .orderBy('id')
    .execute();
  await recordStatusConversion(
    trx,
    {
      subject: { type: 'candidate', id },
      status,
      consent: submissions.findLast((submission) => submission.consent)?.consent,
      click: firstClick(submissions),
      contact: () => verifiedContact(trx, 'candidates', id),
    },
    now,
  );
}
