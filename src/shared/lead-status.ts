// A lead's pipeline status, `new` at first: the API speaks values, the admin labels.

const opening = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
] as const;

/** Both pipelines end so; the person sets `withdrawn` on their status page: messages stop. */
export const closingStatuses = [
  { value: 'not_a_fit', label: 'Not a fit' },
  { value: 'withdrawn', label: 'Withdrawn' },
] as const;

export const candidateStatuses = [
  ...opening,
  { value: 'qualified', label: 'Qualified' },
  { value: 'enrolled', label: 'Enrolled' },
  { value: 'placed', label: 'Placed' },
  ...closingStatuses,
] as const;

export const companyStatuses = [
  ...opening,
  { value: 'in_discussion', label: 'In discussion' },
  { value: 'partner', label: 'Partner' },
  ...closingStatuses,
] as const;

export const leadKindSchema = { type: 'string', enum: ['candidate', 'company'] } as const;
export type LeadKind = (typeof leadKindSchema.enum)[number];
export type CandidateStatus = (typeof candidateStatuses)[number]['value'];
export type CompanyStatus = (typeof companyStatuses)[number]['value'];

export const leadStatuses = { candidate: candidateStatuses, company: companyStatuses } as const;

/** Each status once (Lead Emails mixes both kinds), the closing ones last as in both lists. */
export const everyStatus = [
  ...candidateStatuses.slice(0, -closingStatuses.length),
  ...companyStatuses.filter(
    (status) => !candidateStatuses.some((one) => one.value === status.value),
  ),
  ...closingStatuses,
];

export function statusLabel(value: string): string {
  return everyStatus.find((status) => status.value === value)?.label ?? value;
}
