import { sql, type RawBuilder } from 'kysely';
import { candidateStatuses, companyStatuses } from '@shared/lead-status';
import type { LeadTable } from '../../records/lead-tables';
import type { ExportRow, RowBatches } from './export-batches';

/** An export: one column per CSV cell, as SQL (a column name or an expression). */
export type ExportSelection = string | RawBuilder<unknown>;

/*
 * The four exports, one per dashboard tab (spec section 9), each column read as SQL. Columns beyond
 * the spec's come last, so the spec's keep their places.
 */

export const exportTabs = [
  'questionnaire-leads',
  'candidates',
  'companies',
  'lead-emails',
] as const;
export type ExportTab = (typeof exportTabs)[number];

/** A CSV column: its header and what to select (per table when the sources differ). */
type ExportColumn = [
  header: string,
  select: ExportSelection | ((table: LeadTable) => ExportSelection),
];

export interface ExportDefinition {
  columns: readonly ExportColumn[];
  /** One tab, or two merged newest first (the e-mail leads of both tables). */
  sources: readonly { table: LeadTable; type: string }[];
}

const questionnaireStatus = sql`case when questionnaire_completed = 1 then 'Completed' else 'Not Completed' end`;

/** The pipeline status as its label (src/shared/lead-status.ts), by the table's own list. */
const statusLabel = (table: LeadTable) =>
  sql`case status ${sql.join(
    (table === 'candidates' ? candidateStatuses : companyStatuses).map(
      ({ value, label }) => sql`when ${sql.lit(value)} then ${sql.lit(label)}`,
    ),
    sql` `,
  )} else status end`;
const pipelineStatus: ExportColumn = ['Status', statusLabel];

/** The built-in questionnaire's answers. */
const questionnaireAnswers: ExportColumn[] = [
  ['Availability', 'availability'],
  ['Full Time', 'full_time'],
  ['Relocation', 'relocation'],
  ['Questionnaire Location', 'questionnaire_location'],
  ['Motivation', 'motivation'],
];

/** Who the candidate is: the first columns of both candidate exports. */
const candidateColumns: ExportColumn[] = [
  ['ID', 'id'],
  ['First Name', 'first_name'],
  ['Last Name', 'last_name'],
  ['Email', 'email'],
  ['Phone', 'phone'],
];

/** Where the lead came from (first touch): in every export, so each can be read by campaign. */
const attributionColumns: ExportColumn[] = [
  ['Source Page', 'source_page'],
  ['Landing Variant', 'landing_variant'],
  ['UTM Source', 'utm_source'],
  ['UTM Medium', 'utm_medium'],
  ['UTM Campaign', 'utm_campaign'],
  ['UTM Term', 'utm_term'],
  ['UTM Content', 'utm_content'],
  ['Referrer', 'referrer'],
  ['FBCLID', 'fbclid'],
];

const trailingColumns: ExportColumn[] = [
  ['Stage', 'stage'],
  ...attributionColumns,
  ['Submitted', 'created_at'],
  ['Updated', 'updated_at'],
];

export const exportDefinitions: Record<ExportTab, ExportDefinition> = {
  'questionnaire-leads': {
    columns: [
      ...candidateColumns,
      ['Status', questionnaireStatus],
      ['Submitted', 'created_at'],
      ...questionnaireAnswers,
      // The spec's Status here is the questionnaire's; the pipeline's takes another name.
      ['Pipeline Status', statusLabel],
      ...attributionColumns,
    ],
    sources: [{ table: 'candidates', type: 'questionnaire' }],
  },
  candidates: {
    columns: [
      ...candidateColumns,
      ['Location', 'location'],
      ['Education Level', 'education_level'],
      ['Tech Experience', 'tech_experience'],
      ['Reason', 'reason'],
      ['Questionnaire', questionnaireStatus],
      ...questionnaireAnswers,
      ...trailingColumns,
      pipelineStatus,
    ],
    sources: [{ table: 'candidates', type: 'regular' }],
  },
  companies: {
    columns: [
      ['ID', 'id'],
      ['Company', 'company_name'],
      ['Contact Name', 'contact_name'],
      ['Title', 'title'],
      ['Email', 'email'],
      ['Company Size', 'company_size'],
      ['Talent Needs', 'talent_needs'],
      ['Timeline', 'timeline'],
      ['Comments', 'comments'],
      ...trailingColumns,
      pipelineStatus,
    ],
    sources: [{ table: 'companies', type: 'full' }],
  },
  'lead-emails': {
    columns: [
      ['Email', 'email'],
      ['Type', (table) => sql.lit(table === 'candidates' ? 'Candidate' : 'Company')],
      ['Submitted', 'created_at'],
      pipelineStatus,
      ...attributionColumns,
    ],
    sources: [
      { table: 'candidates', type: 'email' },
      { table: 'companies', type: 'email' },
    ],
  },
};

/** What each source selects, in column order. */
export const selectionsFor = (definition: ExportDefinition, table: LeadTable) =>
  definition.columns.map(([, select]) => (typeof select === 'function' ? select(table) : select));

/** Merges two newest-first exports into one by date; on a tie the first export's row first. */
export async function* newestFirst(first: RowBatches, second: RowBatches): RowBatches {
  const sides = [first, second].map((batches) => ({
    iterator: batches[Symbol.asyncIterator](),
    batch: [] as ExportRow[],
    next: 0,
    done: false,
  }));
  const head = async (side: (typeof sides)[number]) => {
    while (side.next >= side.batch.length && !side.done) {
      const result = await side.iterator.next();
      if (result.done) side.done = true;
      else [side.batch, side.next] = [result.value, 0];
    }
    return side.done ? undefined : side.batch[side.next];
  };
  const [a, b] = sides as [(typeof sides)[number], (typeof sides)[number]];
  try {
    let out: ExportRow[] = [];
    for (;;) {
      const [left, right] = [await head(a), await head(b)];
      if (!left && !right) break;
      const side = !right || (left && left[1] >= right[1]) ? a : b;
      out.push(side.batch[side.next++] as ExportRow);
      if (out.length === 500) {
        yield out;
        out = [];
      }
    }
    if (out.length > 0) yield out;
  } finally {
    await Promise.all(sides.map((side) => side.iterator.return?.()));
  }
}
