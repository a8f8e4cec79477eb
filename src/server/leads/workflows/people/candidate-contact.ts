import type { Kysely } from 'kysely';
import { tablesOf } from '../../../platform/database/connection';
import type { WriteQueue } from '../../../platform/database/write-queue';
import type { AdminLeadTables, CandidateListRow } from '../../records/listing-tables';
import { issueStatusLink, type StatusLinkTables } from './status-link';
import { awaitsUs, openStepOf } from './status-words';

/** A candidate's e-mail, a new status link (a call's mail), and their status once no call is
    theirs (closed, enrolled, placed: only a cancellation goes, saying why); none once erased. */
export async function candidateContact(
  db: Kysely<object>,
  writes: WriteQueue<object>,
  id: number,
  statusLinkDays: number,
): Promise<{ email: string; statusLink: string; closed: string | undefined } | undefined> {
  const row = await tablesOf<AdminLeadTables>(db)
    .selectFrom('candidates')
    .select(['email', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const lead = { table: 'candidates', id } as const;
  const statusLink = await writes.runInBackground((trx) =>
    issueStatusLink(tablesOf<StatusLinkTables>(trx), lead, new Date(), statusLinkDays),
  );
  return {
    email: row.email,
    statusLink,
    closed: awaitsUs(row.status) ? undefined : row.status,
  };
}

const nameRows = (db: Kysely<object>, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tablesOf<AdminLeadTables>(db)
        .selectFrom('candidates')
        .select(['id', 'first_name', 'last_name'])
        .where('id', 'in', ids)
        .execute();

/** Candidates' names by id, for another capability's list (the day's booked calls). */
export async function candidateNames(db: Kysely<object>, ids: readonly number[]) {
  const rows = await nameRows(db, ids);
  const nameOf = (row: (typeof rows)[number]) =>
    [row.first_name, row.last_name].filter(Boolean).join(' ') || null;
  return new Map(rows.map((row) => [Number(row.id), nameOf(row)]));
}

/** Candidates' first names by id (a host's calendar names each call by it alone). */
export async function candidateFirstNames(db: Kysely<object>, ids: readonly number[]) {
  const rows = await nameRows(db, ids);
  return new Map(rows.map((row) => [Number(row.id), row.first_name || null]));
}

/** A fresh status link for the team's "form e-mail", and the candidate's step still open. */
export async function candidateResumeLink(
  db: Kysely<object>,
  row: CandidateListRow,
  validDays: number,
) {
  const statusLink = await issueStatusLink(
    tablesOf<StatusLinkTables>(db),
    { table: 'candidates', id: row.id },
    new Date(),
    validDays,
  );
  return { statusLink, open: openStepOf('candidates', row) };
}
