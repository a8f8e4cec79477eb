import type { Kysely } from 'kysely';
import { recordStatusConversion } from '../../../conversions';
import { verifiedContact } from '../../records/lead-contact';
import type { LeadRecordTables } from '../../records/lead-tables';
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

/**
 * The consent a status event goes out with: the latest of the lead's proven forms, unless any
 * other form refused (GPC or denied). The form proof may be a stranger's who sent the first
 * form; a refusal is safe to honour from anyone, a grant only from the proof (decision 176).
 */
function consentOf(forms: { consent: ConsentSignal | null; verified: number }[]) {
  const refusal = forms.find(
    (form) => form.verified === 0 && form.consent && form.consent !== 'granted',
  );
  return refusal?.consent ?? forms.findLast((form) => form.verified === 1 && form.consent)?.consent;
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
    .select(['consent', 'attribution', 'created_at', 'verified'])
    .where('lead_table', '=', 'candidates')
    .where('lead_id', '=', id)
    .orderBy('id')
    .execute();
  const proven = submissions.filter((submission) => submission.verified === 1);
  await recordStatusConversion(
    trx,
    {
      subject: { type: 'candidate', id },
      status,
      consent: consentOf(submissions),
      click: firstClick(proven),
      contact: () => verifiedContact(trx, 'candidates', id),
    },
    now,
  );
}
