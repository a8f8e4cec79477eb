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
export type TabId =
  | 'overview'
  | 'quarantine'
  | 'dataRequests'
  | 'security'
  | 'accounts'
  | 'audit'
  | 'sessions'
  | LeadTabId;
export const isLeadTab = (tab: TabId): tab is LeadTabId => tab in leadTabs;

export const PAGE_SIZE = 25;

export interface TabFilter {
  q: string;
  offset: number;
  /** A status value (src/shared/lead-status.ts), or '' for every status. */
  status: string;
  /** The tab shown as a board (issue 22) instead of the list. */
  board?: boolean;
  duplicates?: boolean;
  /** "My leads": only the leads assigned to the signed-in account. */
  mine?: boolean;
}

/** The list URL of a tab's page; it is also the query key (the default fetch reads it). */
export function listUrl(tab: LeadTabId, filter: TabFilter, limit = PAGE_SIZE): string {
  const { endpoint, type } = leadTabs[tab];
  const params = new URLSearchParams({ limit: String(limit), offset: String(filter.offset) });
  if (type) params.set('type', type);
  if (filter.mine) params.set('assignee', 'me');
  return `${endpoint}?${filterParams(filter, params)}`;
}

/** The search, status and duplicates filter, as query parameters (added to `params`). */
function filterParams(
  { q, status, duplicates }: TabFilter,
  params = new URLSearchParams(),
): URLSearchParams {
  if (q.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  if (duplicates) params.set('duplicates', '1');
  return params;
}

/** A tab's count, whatever the search: one row is asked for, X-Total-Count answers. */
export const countUrl = (tab: LeadTabId) => listUrl(tab, { q: '', offset: 0, status: '' }, 1);

/** The export of a tab, with the same search and status filter as on screen, or ticked ids. */
export function exportUrl(tab: LeadTabId, filter: TabFilter, ids?: readonly number[]): string {
  const query = (ids ? new URLSearchParams({ ids: ids.join(',') }) : filterParams(filter))
    .toString()
    .replaceAll('%2C', ',');
  return `/api/admin/export/${leadTabs[tab].exportName}.csv${query ? `?${query}` : ''}`;
}

/** The bulk change of a tab's leads: its URL, and the filter "all matching" sends (the list's). */
export function bulkRequest(tab: LeadTabId, filter: TabFilter) {
  const { endpoint, type } = leadTabs[tab];
  const { q, status, duplicates } = filter;
  return {
    url: `${endpoint}/bulk`,
    filter: {
      ...(type ? { type } : {}),
      ...(q.trim() ? { q: q.trim() } : {}),
      ...(status ? { status } : {}),
      ...(duplicates ? { duplicates } : {}),
      ...(filter.mine ? { assignee: 'me' } : {}),
    },
  };
}
