import type { Kysely } from 'kysely';
import { tablesOf } from '../../../platform/database/connection';
import type { CandidateListRow } from '../../records/listing-tables';
import { issueStatusLink, type StatusLinkTables } from './status-link';
import { openStepOf } from './status-words';

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
