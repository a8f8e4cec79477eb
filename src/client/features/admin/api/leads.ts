import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast-store';
import { adminToasts } from '../admin-toasts';
import { leadTabs, listUrl, type LeadTabId, type TabFilter } from '../tabs';
import { apiRequest } from './http';

export interface LeadPage<Row> {
  rows: Row[];
  total: number;
  /** The server stopped counting a search's matches at `total`. */
  capped: boolean;
}

/** One page of a tab: the JSON array plus the X-Total-Count header. */
export function useLeadPage<Row>(tab: LeadTabId, filter: TabFilter) {
  const url = listUrl(tab, filter);
  return useQuery<LeadPage<Row>>({
    queryKey: [url],
    queryFn: async () => {
      const response = await apiRequest('GET', url);
      const body = (await response.json()) as Record<string, unknown>[];
      const toRow = leadTabs[tab].toRow as (raw: Record<string, unknown>) => Row;
      return {
        rows: body.map(toRow),
        total: Number(response.headers.get('X-Total-Count') ?? body.length),
        capped: response.headers.get('X-Total-Count-Capped') === 'true',
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every lead list and the overview show fresh data after a change. */
const refreshLeads = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({
    predicate: (query) =>
      String(query.queryKey[0]).startsWith('/api/') &&
      !String(query.queryKey[0]).startsWith('/api/admin/session'),
  });

export function useDeleteLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'candidate' | 'company'; id: number }) =>
      apiRequest('DELETE', `/api/${kind}-submissions/${id}`),
    onSuccess: () => {
      toast(adminToasts.deleted);
      return refreshLeads(client);
    },
    onError: (_error, { kind }) =>
      toast(
        kind === 'company' ? adminToasts.companyDeleteFailed : adminToasts.candidateDeleteFailed,
      ),
  });
}

export function useSendFormEmail() {
  return useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/candidate-submissions/${id}/send-email`),
    onSuccess: () => toast(adminToasts.emailSent),
    onError: () => toast(adminToasts.emailFailed),
  });
}

export { refreshLeads };
