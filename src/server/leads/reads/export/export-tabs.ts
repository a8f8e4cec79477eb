import { sql, type RawBuilder } from 'kysely';
import type { AnyFields, ExportSection } from '@shared/lead-field';
import { attributionFields, candidateFields, companyFields } from '@shared/lead-fields';
import { candidateStatuses, companyStatuses } from '@shared/lead-status';
import type { LeadTable } from '../../records/lead-tables';
import type { ExportRow, RowBatches } from './export-batches';

export type ExportSelection = string | RawBuilder<unknown>;

/* One export per tab (spec section 9), SQL per column; columns beyond the spec's come last. */

export const exportTabs = [
  'questionnaire-leads',
  'candidates',
  'companies',
  'lead-emails',
] as const;
export type ExportTab = (typeof exportTabs)[number];

type ExportColumn = [
  header: string,
  select: ExportSelection | ((table: LeadTable) => ExportSelection),
];

interface ExportDefinition {
  columns: readonly ExportColumn[];
  /** One tab, or two merged newest first (the e-mail leads of both tables). */
  sources: readonly { table: LeadTable; type: string }[];
}

const questionnaireStatus = sql`case when questionnaire_completed = 1 then 'Completed' else 'Not Completed' end`;

const statusLabel = (table: LeadTable) =>
  sql`case status ${sql.join(
    (table === 'candidates' ? candidateStatuses : companyStatuses).map(
      ({ value, label }) => sql`when ${sql.lit(value)} then ${sql.lit(label)}`,
    ),
    sql` `,
  )} else status end`;
const pipelineStatus: ExportColumn = ['Status', statusLabel];

const section = (fields: AnyFields, name: ExportSection): ExportColumn[] =>
  Object.values(fields).flatMap((field) =>
    field.export?.section === name ? [[field.export.header, field.column] as ExportColumn] : [],
  );

const person = section(candidateFields, 'person');
const application = section(candidateFields, 'application');
const answers = section(candidateFields, 'answers');
/** Where the lead came from (first touch): in every export, so each can be read by campaign. */
const attribution = section(attributionFields, 'attribution');
const id: ExportColumn = ['ID', 'id'];

const trailingColumns: ExportColumn[] = [
  ['Stage', 'stage'],
  ...attribution,
  ['Submitted', 'created_at'],
  ['Updated', 'updated_at'],
];

export const exportDefinitions: Record<ExportTab, ExportDefinition> = {
  'questionnaire-leads': {
    columns: [
      id,
      ...person,
      ['Status', questionnaireStatus],
      ['Submitted', 'created_at'],
      ...answers,
      // The spec's Status here is the questionnaire's; the pipeline's takes another name.
      ['Pipeline Status', statusLabel],
      ...attribution,
    ],
    sources: [{ table: 'candidates', type: 'questionnaire' }],
  },
  candidates: {
    columns: [
      id,
      ...person,
      ...application,
      ['Questionnaire', questionnaireStatus],
      ...answers,
      ...trailingColumns,
      pipelineStatus,
    ],
    sources: [{ table: 'candidates', type: 'regular' }],
  },
  companies: {
    columns: [id, ...section(companyFields, 'company'), ...trailingColumns, pipelineStatus],
    sources: [{ table: 'companies', type: 'full' }],
  },
  'lead-emails': {
    columns: [
      ['Email', 'email'],
      ['Type', (table) => sql.lit(table === 'candidates' ? 'Candidate' : 'Company')],
      ['Submitted', 'created_at'],
      pipelineStatus,
      ...attribution,
    ],
    sources: [
      { table: 'candidates', type: 'email' },
      { table: 'companies', type: 'email' },
    ],
  },
};

export const selectionsFor = (definition: ExportDefinition, table: LeadTable) =>
  definition.columns.map(([, select]) => (typeof select === 'function' ? select(table) : select));

/** Merges two newest-first exports into one by date; on a tie the first export's row first. */
export async function* newestFirst(first: RowBatches, second: RowBatches): RowBatches {
  const rowsOf = async function* (batches: RowBatches) {
    for await (const batch of batches) yield* batch;
  };
  const [a, b] = [rowsOf(first), rowsOf(second)];
  let left = await a.next();
  let right = await b.next();
  try {
    let out: ExportRow[] = [];
    while (!left.done || !right.done) {
      if (right.done || (!left.done && left.value[1] >= right.value[1])) {
        out.push(left.value as ExportRow);
        left = await a.next();
      } else {
        out.push(right.value);
        right = await b.next();
      }
      if (out.length === 500) {
        yield out;
        out = [];
      }
    }
    if (out.length > 0) yield out;
  } finally {
    await Promise.all([a.return(), b.return()]);
  }
}
