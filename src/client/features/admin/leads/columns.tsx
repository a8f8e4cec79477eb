import { Mail, PanelRightOpen, Trash2 } from 'lucide-react';
import { statusLabel, type LeadKind } from '@shared/lead-status';
import { clsx } from 'clsx';
import { cellClass as padded, type Column } from '../ui/data-table';
import { attributionFields, candidateFields, companyFields, titleCase } from '@shared/lead-fields';
import { fieldsIn, muted } from './lead-fields';
import { questionnaireStatus, type AnyLead, type CandidateLead, type EmailLead } from './leads';
import type { LeadTabId } from './tabs';
import { formatDate } from '../ui/format';

/** What a row's buttons do; the dashboard wires them to the dialog and the mutations. */
export interface RowActions {
  /** The account may e-mail and delete (a viewer may not: the buttons are not shown). */
  canWork: boolean;
  openDetail(kind: LeadKind, id: number): void;
  sendEmail(id: number, who: string): void;
  remove(kind: LeadKind, id: number): void;
  sendingId: number | null;
}

/** What every lead row has (a Lead Emails row has nothing more). */
type Lead = EmailLead;

const actionClass =
  'inline-flex size-9 items-center justify-center rounded-md md:size-8 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-strong aria-disabled:opacity-50';

/** A row's buttons (DataTable's Actions column); none for an account that may not work leads. */
export const rowButtons = (actions: RowActions) =>
  actions.canWork
    ? (lead: Lead) => (
        <>
          {lead.kind === 'candidate' ? (
            <button
              type="button"
              className={actionClass}
              aria-label={`Send form email to ${lead.who}`}
              title="Send form email"
              // Not `disabled` while busy: the focus stays on it, and returns to it from the preview.
              aria-disabled={actions.sendingId === lead.id}
              onClick={() => actions.sendingId !== lead.id && actions.sendEmail(lead.id, lead.who)}
            >
              <Mail className="size-4" aria-hidden="true" />
            </button>
          ) : null}
          <button
            type="button"
            className={clsx(actionClass, 'text-red-700 hover:bg-red-50')}
            aria-label={`Delete ${lead.who}`}
            title="Delete"
            onClick={() => actions.remove(lead.kind, lead.id)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </>
      )
    : undefined;

const badgeClass = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold';

export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return muted(null);
  return (
    <span className={clsx(badgeClass, 'bg-slate-200 text-slate-900')}>{statusLabel(status)}</span>
  );
}

/** A date whose time may go under its day, never a break inside either: a laptop fits the list. */
function when(value: string | null) {
  const [day, time] = formatDate(value).split(/(?<=,) (?=[^,]*$)/);
  return (
    <>
      <span className="whitespace-nowrap">{day}</span>{' '}
      <span className="whitespace-nowrap">{time}</span>
    </>
  );
}

/** What a recruiter scans, each sortable by the server; the `card` ones make a phone's card. */
function scannedColumns(actions: RowActions, header: string): Column<Lead>[] {
  return [
    {
      header,
      sort: 'name',
      card: true,
      // The address under a name: the person at a glance, and what a search for it matched.
      cell: (row) => (
        <div className="max-w-56">
          <button
            type="button"
            className="flex w-fit max-w-full items-center gap-1.5 rounded text-left font-medium text-accent-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
            onClick={() => actions.openDetail(row.kind, row.id)}
          >
            <PanelRightOpen className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Open details of </span>
            <span className="truncate">{row.who}</span>
          </button>
          {row.who !== row.email ? (
            <div className="truncate text-xs text-slate-600">{row.email}</div>
          ) : null}
          {/* Forms sent without the person's proof wait for review. Under the name, not beside
              the status: a wide Status column pushed the row's buttons off a laptop's screen. */}
          {row.unverifiedForms > 0 ? (
            <div className="mt-1">
              <span className={clsx(badgeClass, 'bg-amber-100 text-amber-900')}>
                Unverified changes
              </span>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Status',
      sort: 'status',
      card: true,
      cell: (row) => <StatusBadge status={row.status} />,
    },
    {
      header: 'Owner',
      sort: 'owner',
      card: true,
      cell: (row) => row.owner ?? <span className="text-slate-600">Unassigned</span>,
    },
    {
      header: 'Source',
      sort: 'source',
      cell: (row) => (
        <div className="whitespace-nowrap">
          {muted(row.sourcePage)}
          <div className="text-xs text-slate-600">
            {[row.landingVariant, row.utmSource].filter(Boolean).join(' · ')}
          </div>
        </div>
      ),
    },
    {
      header: 'Last activity',
      sort: 'activity',
      card: true,
      cell: (row) => when(row.lastActivityAt),
    },
    { header: 'Submitted', sort: 'created', cell: (row) => when(row.createdAt) },
  ];
}

const cellClass = {
  wide: clsx('min-w-56 text-slate-800', padded),
  nowrap: clsx('whitespace-nowrap text-slate-800', padded),
};

/** The contract's fields that are list columns (the e-mail is under the lead's name already). */
const columnsOf = <Row,>(fields: ReturnType<typeof fieldsIn>): Column<Row>[] =>
  fields.flatMap(({ label, list = {}, value, kind }) =>
    list === false || kind === 'email'
      ? []
      : [
          {
            header: list.header ?? titleCase(label),
            className: list.cell && cellClass[list.cell],
            cell: (row: Row) => muted(value(row as object)),
          },
        ],
  );

const questionnaireColumn: Column<CandidateLead> = {
  header: 'Questionnaire',
  cell: (lead) => (
    <span
      className={clsx(
        badgeClass,
        lead.typeformCompleted ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900',
      )}
    >
      {questionnaireStatus(lead)}
    </span>
  ),
};

/** Where a lead came from beyond its Source column: the campaign and the rest, on request. */
const moreAttribution = fieldsIn(attributionFields, 'attribution').filter(
  ({ column }) => !['source_page', 'landing_variant', 'utm_source'].includes(column),
);

/** The columns a tab can add, in the contract's order (the questionnaire's answers last). */
function extraColumns(tab: LeadTabId): Column<Lead>[] {
  const own =
    tab === 'companies'
      ? columnsOf<Lead>(fieldsIn(companyFields, 'company'))
      : tab === 'leadEmails'
        ? []
        : [
            ...columnsOf<Lead>([
              ...fieldsIn(candidateFields, 'contact'),
              ...fieldsIn(candidateFields, 'application'),
            ]),
            ...(tab === 'candidates'
              ? [questionnaireColumn as Column<Lead>]
              : columnsOf<Lead>(fieldsIn(candidateFields, 'questionnaire'))),
          ];
  return [...own, ...columnsOf<Lead>(moreAttribution)];
}

/** A tab's columns, with the extras `chosen` by header; and `extras`, the headers it can add. */
export function columnsFor(tab: LeadTabId, actions: RowActions, chosen: readonly string[]) {
  const extras = extraColumns(tab);
  const columns = [
    ...scannedColumns(
      actions,
      tab === 'companies' ? 'Company' : tab === 'leadEmails' ? 'Email' : 'Name',
    ),
    ...(ownColumns[tab] ?? []),
    ...extras.filter((column) => chosen.includes(column.header)),
  ];
  return { columns: columns as Column<AnyLead>[], extras: extras.map(({ header }) => header) };
}

const ownColumns: Partial<Record<LeadTabId, Column<Lead>[]>> = {
  questionnaireLeads: [questionnaireColumn as Column<Lead>],
  leadEmails: [
    { header: 'Type', cell: (row) => (row.kind === 'company' ? 'Company' : 'Candidate') },
  ],
};
