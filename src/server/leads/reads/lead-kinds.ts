import { candidateStatuses, companyStatuses, type LeadKind } from '@shared/lead-status';
import type { LeadTable } from '../records/lead-tables';
import { candidateLeadTypes, companyLeadTypes } from '../records/listing-tables';
import { candidateSchema, candidateView, companySchema, companyView } from './lead-views';

/** The API spells the e-mail-only type 'email-only'; the database 'email'. */
const apiTypes = <Type extends string>(types: readonly Type[]): Record<string, Type> =>
  Object.fromEntries(types.map((type) => [type === 'email' ? 'email-only' : type, type]));
const types = { candidates: apiTypes(candidateLeadTypes), companies: apiTypes(companyLeadTypes) };
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
export const leadKinds = [candidateKind, leadKind('companies', 'company')] as const;

/** Every status of either kind (a status of one kind finds none of the other). */
export const anyStatus = [...new Set(leadKinds.flatMap((kind) => kind.statuses))];
