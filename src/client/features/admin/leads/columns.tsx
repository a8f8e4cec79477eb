import { Mail, PanelRightOpen, Trash2 } from 'lucide-react';
import { statusLabel, type LeadKind } from '@shared/lead-status';
import { clsx } from 'clsx';
import type { Column } from '../ui/data-table';
import { candidateFields, companyFields, titleCase } from '@shared/lead-fields';
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
  'inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-strong aria-disabled:opacity-50';

function ActionButtons({ actions, lead }: { actions: RowActions; lead: Lead }) {
  if (!actions.canWork) return null;
  return (
    <div className="flex gap-1">
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
    </div>
  );
}

const badgeClass = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold';

export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return muted(null);
  return (
    <span className={clsx(badgeClass, 'bg-slate-200 text-slate-900')}>{statusLabel(status)}</span>
  );
}

/** Forms sent without the person's proof wait for review; nothing when none. */
export function UnverifiedBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={clsx(badgeClass, 'bg-amber-100 text-amber-900')}>Unverified changes</span>
  );
}

/** The lead (its detail's button), its status, the tab's columns, then source, date, buttons. */
function leadColumns<Row extends Lead>(
  actions: RowActions,
  header: string,
  own: Column<Row>[],
): Column<Row>[] {
  return [
    {
      header,
      cell: (row) => (
        <button
          type="button"
          className="inline-flex items-center gap-1.5 whitespace-nowrap rounded text-left font-medium text-accent-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
          onClick={() => actions.openDetail(row.kind, row.id)}
        >
          <PanelRightOpen className="size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">Open details of </span>
          {row.who}
        </button>
      ),
    },
    {
      header: 'Status',
      cell: (row) => (
        <div className="flex flex-wrap gap-1">
          <StatusBadge status={row.status} />
          <UnverifiedBadge count={row.unverifiedForms} />
        </div>
      ),
    },
    ...own,
    {
      header: 'Source',
      cell: (row) => (
        <div className="whitespace-nowrap">
          {muted(row.sourcePage)}
          {row.landingVariant ? (
            <div className="text-xs text-slate-600">{row.landingVariant}</div>
          ) : null}
        </div>
      ),
    },
    {
      header: 'UTM Source / Campaign',
      cell: (row) =>
        !row.utmSource && !row.utmCampaign ? (
          muted(null)
        ) : (
          <div className="whitespace-nowrap">
            {row.utmSource ?? '—'}
            <div className="text-xs text-slate-600">{row.utmCampaign ?? ''}</div>
          </div>
        ),
    },
    {
      header: 'Submitted',
      cell: (row) => <span className="whitespace-nowrap">{formatDate(row.createdAt)}</span>,
    },
    { header: 'Actions', cell: (row) => <ActionButtons actions={actions} lead={row} /> },
  ];
}

const cellClass = {
  wide: 'min-w-56 px-4 py-3 text-slate-800',
  nowrap: 'whitespace-nowrap px-4 py-3 text-slate-800',
};

/** The contract's fields that are list columns: header over value, '—' for none. */
const columnsOf = <Row,>(fields: ReturnType<typeof fieldsIn>): Column<Row>[] =>
  fields.flatMap(({ label, list = {}, value }) =>
    list === false
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

/** A tab's columns; the built-in questionnaire's answers come last on Typeform Leads. */
export function columnsFor(tab: LeadTabId, actions: RowActions): Column<AnyLead>[] {
  if (tab === 'companies')
    return leadColumns(
      actions,
      'Company',
      columnsOf(fieldsIn(companyFields, 'company')),
    ) as Column<AnyLead>[];
  if (tab === 'leadEmails')
    return leadColumns<Lead>(actions, 'Email', [
      { header: 'Type', cell: (row) => (row.kind === 'company' ? 'Company' : 'Candidate') },
    ]) as Column<AnyLead>[];
  return leadColumns(actions, 'Name', [
    ...columnsOf([
      ...fieldsIn(candidateFields, 'contact'),
      ...fieldsIn(candidateFields, 'application'),
    ]),
    questionnaireColumn,
    ...(tab === 'questionnaireLeads' ? columnsOf(fieldsIn(candidateFields, 'questionnaire')) : []),
  ]) as Column<AnyLead>[];
}
