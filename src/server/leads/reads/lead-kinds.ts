import { candidateStatuses, companyStatuses, type LeadKind } from '@shared/lead-status';
import type { LeadTable } from '../records/lead-tables';
import type { CandidateLeadType, CompanyLeadType } from '../records/listing-tables';
import { candidateSchema, candidateView, companySchema, companyView } from './lead-views';

/** The API spells the e-mail-only type 'email-only'; the database 'email'. */
const candidateTypes: Record<string, CandidateLeadType> = {
  questionnaire: 'questionnaire',
  regular: 'regular',
  'email-only': 'email',
};
const companyTypes: Record<string, CompanyLeadType> = { full: 'full', 'email-only': 'email' };

const types = { candidates: candidateTypes, companies: companyTypes };
const statuses = { candidates: candidateStatuses, companies: companyStatuses };
const views = { candidates: candidateView, companies: companyView };
const schemas = { candidates: candidateSchema, companies: companySchema };

const leadKind = <Table extends LeadTable, Type extends LeadKind>(
  table: Table,
  leadType: Type,
) => ({
  table,
  leadType,
  path: `/api/${leadType}-submissions` as const,
  types: types[table],
  statuses: statuses[table].map((status) => status.value as string),
  view: views[table],
  schema: schemas[table],
});

export const candidateKind = leadKind('candidates', 'candidate');
export const companyKind = leadKind('companies', 'company');

export const leadKinds = [candidateKind, companyKind] as const;

/** Every status of either kind (a status of one kind finds none of the other). */
export const anyStatus = [...new Set(leadKinds.flatMap((kind) => kind.statuses))];
