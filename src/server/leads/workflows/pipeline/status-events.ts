import type { Kysely } from 'kysely';
import { recordCallConversion, type SubmissionClient } from '../../../conversions';
import { tablesOf } from '../../../platform/database/connection';
import { verifiedContact } from '../../records/lead-contact';
import { findHistory } from '../../records/lead-history';
import type { LeadRecordTables, LeadTable } from '../../records/lead-tables';
import type { PipelineTables } from '../../records/pipeline-tables';
import type { ConsentSignal } from '@shared/schemas/conversion';
import { parsedJson } from '../../../platform/database/parsed-json';

type Db = Pick<Kysely<object>, 'getExecutor'>;

/** A lead's forms, oldest first: what its consent and its click are read from. */
const formsOf = (db: Db, table: LeadTable, id: number) =>
  findHistory(db, 'lead_submissions', table, [id]);

/** The lead's ad click for all its Meta events, kept as Meta's parameter builder keeps `_fbc`: the
    latest fbclid its proven forms brought, timed when first received (the same one keeps it). */
function clickOf(forms: Awaited<ReturnType<typeof formsOf>>) {
  let click: { fbclid: string; atMs: number } | undefined;
  for (const form of forms) {
    const fbclid = form.verified === 1 ? parsedJson(form.attribution)?.fbclid : undefined;
    if (typeof fbclid === 'string' && fbclid && fbclid !== click?.fbclid) {
      click = { fbclid, atMs: Date.parse(form.created_at) };
    }
  }
  return click;
}

export const leadClick = async (db: Db, table: LeadTable, id: number) =>
  clickOf(await formsOf(db, table, id));

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
export async function optedOut(db: Db, table: LeadTable, id: number) {
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
  const forms = await formsOf(trx, 'candidates', id);
  return {
    subject: { type: 'candidate' as const, id },
    consent: (await optedOut(trx, 'candidates', id)) ? 'denied' : consentOf(forms),
    click: clickOf(forms),
    contact: () => verifiedContact(trx, 'candidates', id),
  };
}

/** A candidate's booked call as `Schedule` (issue 43), in the booking's transaction. */
export async function recordCallEvent(db: Db, id: number, client: SubmissionClient, now: Date) {
  const trx = tablesOf<LeadRecordTables>(db);
  // The page's own yes may come from a browser that never heard of the person's opt-out.
  if (await optedOut(trx, 'candidates', id)) return;
  await recordCallConversion(trx, { ...(await conversionFacts(trx, id)), client }, now);
}
