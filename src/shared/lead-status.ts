/** A lead's pipeline status (issue 10), `new` at first: the API speaks values, the admin labels. */
export const candidateStatuses = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'qualified', label: 'Qualified' },
  { value: 'enrolled', label: 'Enrolled' },
  { value: 'placed', label: 'Placed' },
  { value: 'not_a_fit', label: 'Not a fit' },
  // Set by the person on their status page (issue 21): every message to them stops.
  { value: 'withdrawn', label: 'Withdrawn' },
] as const;

export const companyStatuses = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'in_discussion', label: 'In discussion' },
  { value: 'partner', label: 'Partner' },
  { value: 'not_a_fit', label: 'Not a fit' },
  // Set by the person on their status page (issue 21): every message to them stops.
  { value: 'withdrawn', label: 'Withdrawn' },
] as const;

export type LeadKind = 'candidate' | 'company';
export const leadKindSchema = { type: 'string', enum: ['candidate', 'company'] } as const;
export type CandidateStatus = (typeof candidateStatuses)[number]['value'];
export type CompanyStatus = (typeof companyStatuses)[number]['value'];

export const leadStatuses = { candidate: candidateStatuses, company: companyStatuses } as const;

/** The label of a status value (the value itself when unknown). */
export function statusLabel(value: string): string {
  return (
    [...candidateStatuses, ...companyStatuses].find((status) => status.value === value)?.label ??
    value
  );
}
