import type { AdminQueries, CandidateListRow, CompanyListRow } from '../db/admin-queries';
import type { CsvColumn } from './csv';

/*
 * The four exports, one per dashboard tab (spec section 9): questionnaire leads (id, names,
 * email, phone, status, submitted), every field of candidates and of companies, and e-mail
 * only leads (email, type, submitted).
 */

export const exportTabs = ['typeform-leads', 'candidates', 'companies', 'lead-emails'] as const;
export type ExportTab = (typeof exportTabs)[number];

interface ExportRow {
  created_at: string;
  id: number;
}

export interface ExportDefinition<Row> {
  columns: readonly CsvColumn<Row>[];
  rows(queries: AdminQueries, q: string | undefined): AsyncIterable<Row>;
}

const column = <Row>(header: string, value: (row: Row) => unknown): CsvColumn<Row> => ({
  header,
  value,
});

const questionnaireStatus = (row: CandidateListRow) =>
  row.typeform_completed === 1 ? 'Completed' : 'Not Completed';

type AttributionRow = { stage: string } & Pick<
  CandidateListRow,
  | 'source_page'
  | 'landing_variant'
  | 'utm_source'
  | 'utm_medium'
  | 'utm_campaign'
  | 'utm_term'
  | 'utm_content'
  | 'referrer'
  | 'created_at'
  | 'updated_at'
>;
const trailingColumns: CsvColumn<AttributionRow>[] = [
  column('Stage', (row) => row.stage),
  column('Source Page', (row) => row.source_page),
  column('Landing Variant', (row) => row.landing_variant),
  column('UTM Source', (row) => row.utm_source),
  column('UTM Medium', (row) => row.utm_medium),
  column('UTM Campaign', (row) => row.utm_campaign),
  column('UTM Term', (row) => row.utm_term),
  column('UTM Content', (row) => row.utm_content),
  column('Referrer', (row) => row.referrer),
  column('Submitted', (row) => row.created_at),
  column('Updated', (row) => row.updated_at),
];

interface LeadEmailExportRow extends ExportRow {
  email: string;
  type: 'Candidate' | 'Company';
}

/** Merges two newest-first streams into one newest-first stream. */
async function* newestFirst<Row extends ExportRow>(
  a: AsyncIterator<Row>,
  b: AsyncIterator<Row>,
): AsyncGenerator<Row> {
  let left = await a.next();
  let right = await b.next();
  while (!left.done || !right.done) {
    const takeLeft = right.done || (!left.done && left.value.created_at >= right.value.created_at);
    if (takeLeft && !left.done) {
      yield left.value;
      left = await a.next();
    } else if (!right.done) {
      yield right.value;
      right = await b.next();
    }
  }
}

async function* asLeadEmails(
  rows: AsyncIterable<CandidateListRow | CompanyListRow>,
  type: LeadEmailExportRow['type'],
): AsyncGenerator<LeadEmailExportRow> {
  for await (const row of rows)
    yield { id: row.id, email: row.email, created_at: row.created_at, type };
}

export const exportDefinitions: {
  'typeform-leads': ExportDefinition<CandidateListRow>;
  candidates: ExportDefinition<CandidateListRow>;
  companies: ExportDefinition<CompanyListRow>;
  'lead-emails': ExportDefinition<LeadEmailExportRow>;
} = {
  'typeform-leads': {
    columns: [
      column('ID', (row) => row.id),
      column('First Name', (row) => row.first_name),
      column('Last Name', (row) => row.last_name),
      column('Email', (row) => row.email),
      column('Phone', (row) => row.phone),
      column('Status', questionnaireStatus),
      column('Submitted', (row) => row.created_at),
    ],
    rows: (queries, q) => queries.iterate('candidates', { type: 'typeform', q }),
  },
  candidates: {
    columns: [
      column('ID', (row) => row.id),
      column('First Name', (row) => row.first_name),
      column('Last Name', (row) => row.last_name),
      column('Email', (row) => row.email),
      column('Phone', (row) => row.phone),
      column('Location', (row) => row.location),
      column('Education Level', (row) => row.education_level),
      column('Tech Experience', (row) => row.tech_experience),
      column('Reason', (row) => row.reason),
      column('Questionnaire', questionnaireStatus),
      column('Availability', (row) => row.availability),
      column('Full Time', (row) => row.full_time),
      column('Relocation', (row) => row.relocation),
      column('Questionnaire Location', (row) => row.questionnaire_location),
      column('Motivation', (row) => row.motivation),
      ...trailingColumns,
    ],
    rows: (queries, q) => queries.iterate('candidates', { type: 'regular', q }),
  },
  companies: {
    columns: [
      column('ID', (row) => row.id),
      column('Company', (row) => row.company_name),
      column('Contact Name', (row) => row.contact_name),
      column('Title', (row) => row.title),
      column('Email', (row) => row.email),
      column('Company Size', (row) => row.company_size),
      column('Talent Needs', (row) => row.talent_needs),
      column('Timeline', (row) => row.timeline),
      column('Comments', (row) => row.comments),
      ...trailingColumns,
    ],
    rows: (queries, q) => queries.iterate('companies', { type: 'full', q }),
  },
  'lead-emails': {
    columns: [
      column('Email', (row) => row.email),
      column('Type', (row) => row.type),
      column('Submitted', (row) => row.created_at),
    ],
    rows: (queries, q) =>
      newestFirst(
        asLeadEmails(queries.iterate('candidates', { type: 'email', q }), 'Candidate'),
        asLeadEmails(queries.iterate('companies', { type: 'email', q }), 'Company'),
      ),
  },
};
