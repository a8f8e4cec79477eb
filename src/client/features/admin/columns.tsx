import { Mail, Trash2 } from 'lucide-react';
import { educationLevels, techExperienceLevels } from '@shared/enums';
import {
  availabilityOptions,
  relocationOptions,
  yesNoOptions,
} from '@shared/schemas/questionnaire';
import { cn } from '../../lib/cn';
import type { Column } from './lead-table';
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
  sendEmail(lead: { id: number; email: string }): void;
  remove(kind: 'candidate' | 'company', id: number): void;
  sendingId: number | null;
}

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  options.find((option) => option.value === value)?.label ?? value ?? '';

const muted = (value: string | null | undefined) =>
  value ? value : <span className="text-slate-500">—</span>;

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
  kind: 'candidate' | 'company';
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

/**
 * The columns every lead table ends with: where the lead came from, when, and its buttons.
 * `target` says what the buttons act on: the lead's kind and how to name it to the admin.
 */
function trailingColumns<Row extends Attribution & { id: number; email: string }>(
  actions: RowActions,
  target: (row: Row) => { kind: 'candidate' | 'company'; who: string },
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

const wide = 'min-w-56 px-4 py-3 text-slate-800';

/** The built-in questionnaire's answers, shown after the spec's columns on Typeform Leads. */
const questionnaireColumns: Column<CandidateLead>[] = [
  { header: 'Availability', cell: (row) => muted(labelOf(availabilityOptions, row.availability)) },
  { header: 'Full Time', cell: (row) => muted(labelOf(yesNoOptions, row.fullTime)) },
  { header: 'Relocation', cell: (row) => muted(labelOf(relocationOptions, row.relocation)) },
  { header: 'Questionnaire Location', cell: (row) => muted(row.questionnaireLocation) },
  { header: 'Motivation', cell: (row) => muted(row.motivation), className: wide },
];

export function candidateColumns(
  actions: RowActions,
  { questionnaire = false }: { questionnaire?: boolean } = {},
): Column<CandidateLead>[] {
  return [
    {
      header: 'Name',
      cell: (row) => (
        <span className="whitespace-nowrap font-medium">
          {muted(fullName(row.firstName, row.lastName))}
        </span>
      ),
    },
    { header: 'Email', cell: (row) => row.email },
    {
      header: 'Phone',
      cell: (row) => <span className="whitespace-nowrap">{muted(row.phone)}</span>,
    },
    { header: 'Location', cell: (row) => muted(row.location) },
    { header: 'Education', cell: (row) => muted(labelOf(educationLevels, row.educationLevel)) },
    {
      header: 'Experience',
      cell: (row) => muted(labelOf(techExperienceLevels, row.techExperience)),
      className: wide,
    },
    { header: 'Reason', cell: (row) => muted(row.reason), className: wide },
    {
      header: 'Questionnaire',
      cell: (row) => (
        <span
          className={cn(
            'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
            row.typeformCompleted
              ? 'bg-emerald-100 text-emerald-900'
              : 'bg-amber-100 text-amber-900',
          )}
        >
          {questionnaireStatus(row)}
        </span>
      ),
    },
    ...(questionnaire ? questionnaireColumns : []),
    ...trailingColumns<CandidateLead>(actions, (row) => ({
      kind: 'candidate',
      who: fullName(row.firstName, row.lastName) || row.email,
    })),
  ];
}

export function companyColumns(actions: RowActions): Column<CompanyLead>[] {
  return [
    {
      header: 'Company',
      cell: (row) => <span className="font-medium">{muted(row.companyName)}</span>,
    },
    {
      header: 'Contact Name',
      cell: (row) => <span className="whitespace-nowrap">{muted(row.contactName)}</span>,
    },
    { header: 'Title', cell: (row) => muted(row.title) },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Size', cell: (row) => muted(row.companySize) },
    { header: 'Talent Needs', cell: (row) => muted(row.talentNeeds), className: wide },
    { header: 'Timeline', cell: (row) => muted(row.timeline) },
    { header: 'Comments', cell: (row) => muted(row.comments), className: wide },
    ...trailingColumns<CompanyLead>(actions, (row) => ({
      kind: 'company',
      who: row.companyName ?? row.email,
    })),
  ];
}

export function emailLeadColumns(actions: RowActions): Column<EmailLead>[] {
  return [
    { header: 'Email', cell: (row) => <span className="font-medium">{row.email}</span> },
    { header: 'Type', cell: (row) => (row.type === 'company' ? 'Company' : 'Candidate') },
    ...trailingColumns<EmailLead>(actions, (row) => ({ kind: row.type, who: row.email })),
  ];
}
