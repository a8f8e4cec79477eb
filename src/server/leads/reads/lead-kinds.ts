import { candidateStatuses, companyStatuses } from '@shared/lead-status';
import type { CandidateLeadType, CompanyLeadType } from '../records/listing-tables';
import { candidateSchema, candidateView, companySchema, companyView } from './lead-views';

/** The API spells the e-mail-only type 'email-only'; the database 'email'. */
const candidateTypes: Record<string, CandidateLeadType> = {
  questionnaire: 'questionnaire',
  regular: 'regular',
  'email-only': 'email',
};
const companyTypes: Record<string, CompanyLeadType> = { full: 'full', 'email-only': 'email' };

/** The candidates as the admin's routes serve them: where, their view, what they filter by. */
export const candidateKind = {
  table: 'candidates',
  leadType: 'candidate',
  path: '/api/candidate-submissions',
  types: candidateTypes,
  statuses: candidateStatuses.map((status) => status.value as string),
  view: candidateView,
  schema: candidateSchema,
} as const;

export const companyKind = {
  table: 'companies',
  leadType: 'company',
  path: '/api/company-submissions',
  types: companyTypes,
  statuses: companyStatuses.map((status) => status.value as string),
  view: companyView,
  schema: companySchema,
} as const;

export const leadKinds = [candidateKind, companyKind] as const;

/** Every status of either kind (a status of one kind finds none of the other). */
export const anyStatus = [...new Set(leadKinds.flatMap((kind) => kind.statuses))];
