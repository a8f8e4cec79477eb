import { Mail, PanelRightOpen, Trash2 } from 'lucide-react';
import { statusLabel, type LeadKind } from '@shared/lead-status';
import { cn } from '../../lib/cn';
import type { LeadDetail } from './api/lead-detail';
import type { Column } from './lead-table';
import {
  candidateApplication,
  candidateContact,
  muted,
  nowrap,
  questionnaireAnswers,
  wide,
  type LeadField,
} from './lead-fields';
import {
  formatDate,
  fullName,
  questionnaireStatus,
  type Attribution,
  type CandidateLead,
  type CompanyLead,
  type EmailLead,
} from './leads';

/** What a row's buttons do; the dashboard wires them to the dialog and the mutations. */
export interface RowActions {
  openDetail(kind: LeadKind, id: number): void;
  sendEmail(lead: { id: number; email: string }): void;
  remove(kind: LeadKind, id: number): void;
  sendingId: number | null;
}

function SourceCell({ lead }: { lead: Attribution }) {
  return (
    <div className="whitespace-nowrap">
      {muted(lead.sourcePage)}
      {lead.landingVariant ? (
        <div className="text-xs text-slate-600">{lead.landingVariant}</div>
      ) : null}
    </div>
  );
}

function UtmCell({ lead }: { lead: Attribution }) {
  if (!lead.utmSource && !lead.utmCampaign) return muted(null);
  return (
    <div className="whitespace-nowrap">
      {lead.utmSource ?? '—'}
      <div className="text-xs text-slate-600">{lead.utmCampaign ?? ''}</div>
    </div>
  );
}

const actionClass =
  'inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-strong disabled:opacity-50';

function ActionButtons({
  actions,
  kind,
  id,
  email,
  who,
}: {
  actions: RowActions;
  kind: LeadKind;
  id: number;
  email: string;
  who: string;
}) {
  return (
    <div className="flex gap-1">
      {kind === 'candidate' ? (
        <button
          type="button"
          className={actionClass}
          aria-label={`Send form email to ${who}`}
          title="Send form email"
          disabled={actions.sendingId === id}
          onClick={() => actions.sendEmail({ id, email })}
        >
          <Mail className="size-4" aria-hidden="true" />
        </button>
      ) : null}
      <button
        type="button"
        className={cn(actionClass, 'text-red-700 hover:bg-red-50')}
        aria-label={`Delete ${who}`}
        title="Delete"
        onClick={() => actions.remove(kind, id)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The lead's status as a small badge. */
export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return muted(null);
  return (
    <span className="inline-block whitespace-nowrap rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-900">
      {statusLabel(status)}
    </span>
  );
}

/** What a row's buttons act on: the lead's kind and how to name it to the admin. */
type Target<Row> = (row: Row) => { kind: LeadKind; who: string };

/**
 * The columns every lead table starts with: the lead, as the button that opens its detail
 * (keyboard: Tab to it, Enter), and its status.
 */
function leadingColumns<Row extends Attribution & { id: number }>(
  actions: RowActions,
  header: string,
  target: Target<Row>,
): Column<Row>[] {
  return [
    {
      header,
      cell: (row) => {
        const { kind, who } = target(row);
        return (
          <button
            type="button"
            className="inline-flex items-center gap-1.5 whitespace-nowrap rounded text-left font-medium text-accent-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
            onClick={() => actions.openDetail(kind, row.id)}
          >
            <PanelRightOpen className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Open details of </span>
            {who}
          </button>
        );
      },
    },
    { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
  ];
}

/** The columns every lead table ends with: where the lead came from, when, and its buttons. */
function trailingColumns<Row extends Attribution & { id: number; email: string }>(
  actions: RowActions,
  target: Target<Row>,
): Column<Row>[] {
  return [
    { header: 'Source', cell: (row) => <SourceCell lead={row} /> },
    { header: 'UTM Source / Campaign', cell: (row) => <UtmCell lead={row} /> },
    {
      header: 'Submitted',
      cell: (row) => <span className="whitespace-nowrap">{formatDate(row.createdAt)}</span>,
    },
    {
      header: 'Actions',
      cell: (row) => (
        <ActionButtons actions={actions} id={row.id} email={row.email} {...target(row)} />
      ),
    },
  ];
}

/** A field as a column: its label in title case over its value, '—' for none. */
const columnsOf = <Row,>(fields: LeadField<Row>[]): Column<Row>[] =>
  fields.map(({ label, value, className }) => ({
    header: label.replace(/ \w/g, (letter) => letter.toUpperCase()),
    cell: (row) => muted(value(row)),
    ...(className ? { className } : {}),
  }));

const candidateTarget: Target<CandidateLead> = (row) => ({
  kind: 'candidate',
  who: fullName(row.firstName, row.lastName) || row.email,
});

/** The built-in questionnaire's answers come after the spec's columns on Typeform Leads. */
export function candidateColumns(
  actions: RowActions,
  { questionnaire = false }: { questionnaire?: boolean } = {},
): Column<CandidateLead>[] {
  return [
    ...leadingColumns(actions, 'Name', candidateTarget),
    ...columnsOf([...candidateContact, ...candidateApplication]),
    { header: 'Questionnaire', cell: (row) => <QuestionnaireBadge lead={row} /> },
    ...(questionnaire ? columnsOf(questionnaireAnswers) : []),
    ...trailingColumns(actions, candidateTarget),
  ];
}

/** Spec section 4: Completed / Not Completed. */
export function QuestionnaireBadge({ lead }: { lead: CandidateLead }) {
  return (
    <span
      className={cn(
        'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
        lead.questionnaireCompleted
          ? 'bg-emerald-100 text-emerald-900'
          : 'bg-amber-100 text-amber-900',
      )}
    >
      {questionnaireStatus(lead)}
    </span>
  );
}

const companyTarget: Target<CompanyLead> = (row) => ({
  kind: 'company',
  who: row.companyName ?? row.email,
});

/** How the admin names a lead: the candidate's name, the company, or else the e-mail. */
export const leadName = (detail: LeadDetail) =>
  (detail.kind === 'candidate' ? candidateTarget(detail.lead) : companyTarget(detail.lead)).who;

const companyFields: LeadField<CompanyLead>[] = [
  { label: 'Contact Name', value: (lead) => lead.contactName, className: nowrap },
  { label: 'Title', value: (lead) => lead.title },
  { label: 'Email', value: (lead) => lead.email },
  { label: 'Size', value: (lead) => lead.companySize },
  { label: 'Talent Needs', value: (lead) => lead.talentNeeds, className: wide },
  { label: 'Timeline', value: (lead) => lead.timeline },
  { label: 'Comments', value: (lead) => lead.comments, className: wide },
];

export function companyColumns(actions: RowActions): Column<CompanyLead>[] {
  return [
    ...leadingColumns(actions, 'Company', companyTarget),
    ...columnsOf(companyFields),
    ...trailingColumns(actions, companyTarget),
  ];
}

const emailLeadTarget: Target<EmailLead> = (row) => ({ kind: row.type, who: row.email });

export function emailLeadColumns(actions: RowActions): Column<EmailLead>[] {
  return [
    ...leadingColumns(actions, 'Email', emailLeadTarget),
    { header: 'Type', cell: (row) => (row.type === 'company' ? 'Company' : 'Candidate') },
    ...trailingColumns(actions, emailLeadTarget),
  ];
}
