import { LIST_PAGE_ROWS } from '@shared/admin-audit';

/** The dashboard's lead tabs: endpoint, list `type` (?type=…), export, and the one `kind` of rows. */
export const leadTabs = {
  questionnaireLeads: {
    label: 'Typeform Leads',
    caption: 'Candidates who started through the /candidates page',
    endpoint: '/api/candidate-submissions',
    type: 'questionnaire',
    exportName: 'questionnaire-leads',
    kind: 'candidate',
  },
  candidates: {
    label: 'Candidates',
    caption: 'Form completions through /career',
    endpoint: '/api/candidate-submissions',
    type: 'regular',
    exportName: 'candidates',
    kind: 'candidate',
  },
  companies: {
    label: 'Companies',
    caption: 'Company leads and talent requests',
    endpoint: '/api/company-submissions',
    type: 'full',
    exportName: 'companies',
    kind: 'company',
  },
  leadEmails: {
    label: 'Lead Emails',
    caption: 'E-mail-only leads from candidates and companies',
    endpoint: '/api/admin/lead-emails',
    type: undefined,
    exportName: 'lead-emails',
    kind: undefined,
  },
} as const;

export type LeadTabId = keyof typeof leadTabs;
export const leadTabIds = Object.keys(leadTabs) as LeadTabId[];

export interface TabFilter {
  q: string;
  offset: number;
  /** A status value, or '' for every status. */
  status: string;
  /** The tab shown as a board instead of the list. */
  board?: boolean;
  duplicates?: boolean;
  /** "My leads": only the leads assigned to the signed-in account. */
  mine?: boolean;
  /** The server's sort (`name`, `-activity`…); '' newest first. */
  sort?: string;
  /** The Audit tab's: one account's entries (its id), one action's. */
  account?: string;
  action?: string;
}

export const emptyFilter: TabFilter = { q: '', status: '', offset: 0 };

/** The list's filter as a bulk change sends it ("all matching"): the list's own parameters. */
export function listFilter(tab: LeadTabId, { q, status, duplicates, mine }: TabFilter) {
  const { type } = leadTabs[tab];
  return {
    ...(type && { type }),
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(status ? { status } : {}),
    ...(duplicates && { duplicates }),
    ...(mine && { assignee: 'me' }),
  };
}

/** The leads on screen: the board's columns are the statuses, so there no status filter applies. */
const onScreen = (tab: LeadTabId, filter: TabFilter) =>
  listFilter(tab, filter.board && leadTabs[tab].kind ? { ...filter, status: '' } : filter);

/** A list's request, also its query key: the search words go apart, in a header, not in URLs. */
export type ListRequest = readonly [url: string, search: string];

export function listRequest(
  tab: LeadTabId,
  filter: TabFilter,
  limit = LIST_PAGE_ROWS,
): ListRequest {
  const { duplicates, q = '', ...rest } = onScreen(tab, filter);
  const params = new URLSearchParams({
    limit: String(limit),
    offset: String(filter.offset),
    ...rest,
    ...(filter.sort ? { sort: filter.sort } : {}),
  });
  if (duplicates) params.set('duplicates', '1');
  return [`${leadTabs[tab].endpoint}?${params}`, q];
}

/** A tab's count, whatever the search: one row is asked for, X-Total-Count answers. */
export const countRequest = (tab: LeadTabId) => listRequest(tab, emptyFilter, 1);

/** The export of a tab, with the same search, status and "My leads" as on screen, or ticked ids. */
export function exportRequest(tab: LeadTabId, filter: TabFilter, ids?: readonly number[]) {
  const { q = '', status, duplicates, assignee } = onScreen(tab, filter);
  const query = new URLSearchParams(
    ids ? { ids: ids.join(',') } : { ...(status && { status }), ...(assignee && { assignee }) },
  );
  if (!ids && duplicates) query.set('duplicates', '1');
  const text = query.toString().replaceAll('%2C', ',');
  const url = `/api/admin/export/${leadTabs[tab].exportName}.csv${text ? `?${text}` : ''}`;
  return [url, ids ? '' : q] as const;
}
