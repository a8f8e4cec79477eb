import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '../../../lib/toast-store';
import { adminToasts } from '../ui/admin-toasts';
import { SEARCH_HEADER } from '@shared/admin-audit';
import {
  countRequest,
  exportRequest,
  emptyFilter,
  leadTabIds,
  leadTabs,
  listFilter,
  listRequest,
  type LeadTabId,
  type ListRequest,
  type TabFilter,
} from '../leads/tabs';
import {
  toCandidate,
  toCompany,
  toEmailLead,
  type AnyLead,
  type CandidateLead,
  type CompanyLead,
} from '../leads/leads';
import { apiRequest } from '../../../lib/api';
import { downloadFile, errorText, requestJson, saveFile, SESSION_KEY } from './http';
import type { Sending } from './message-templates';

/** A request's search words in their header, URI-encoded: a header is Latin-1 ("García"). */
const searchHeaders = (search: string) =>
  search ? { [SEARCH_HEADER]: encodeURIComponent(search) } : undefined;

/** A list's JSON rows, X-Total-Count (capped: where a search stopped) and X-Next-Cursor. */
export async function getPage<Row>(
  url: string,
  toRow: (raw: Record<string, unknown>) => Row,
  search = '',
  signal?: AbortSignal,
) {
  const response = await apiRequest('GET', url, undefined, searchHeaders(search), signal);
  const body = (await response.json()) as Record<string, unknown>[];
  return {
    rows: body.map(toRow),
    total: Number(response.headers.get('X-Total-Count') ?? body.length),
    capped: response.headers.get('X-Total-Count-Capped') === 'true',
    next: response.headers.get('X-Next-Cursor'),
  };
}
export type LeadPage = Awaited<ReturnType<typeof getPage<AnyLead>>>;

/** A page of a tab's list; failed, the spec's toast (its text shows in place of the rows too). */
export function useLeadPage(tab: LeadTabId, filter: TabFilter, enabled: boolean) {
  const [url, search] = listRequest(tab, filter);
  const { kind } = leadTabs[tab];
  const toRow = kind === 'company' ? toCompany : kind ? toCandidate : toEmailLead;
  return useQuery({
    queryKey: [url, search],
    queryFn: ({ signal }) => getPage<AnyLead>(url, toRow, search, signal),
    placeholderData: keepPreviousData,
    meta: { failureToast: adminToasts.loadFailed(kind) },
    enabled,
  });
}

/** The server's default too. */
const BOARD_PAGE = 20;

export type BoardCard = CandidateLead | CompanyLead;

/** A board column's cards of `status` the list's filter finds, page after page, and how many. */
export function useBoardColumn(tab: LeadTabId, status: string, filter = emptyFilter) {
  const { duplicates, q = '', ...rest } = listFilter(tab, { ...filter, status });
  const params = new URLSearchParams({ limit: String(BOARD_PAGE), ...rest });
  if (duplicates) params.set('duplicates', '1');
  const url = `${leadTabs[tab].endpoint}/board?${params}`;
  const toRow = leadTabs[tab].kind === 'company' ? toCompany : toCandidate;
  return useInfiniteQuery({
    queryKey: [url, q],
    queryFn: ({ pageParam, signal }) => {
      const page = pageParam ? `${url}&cursor=${encodeURIComponent(pageParam)}` : url;
      return getPage<BoardCard>(page, toRow, q, signal);
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    meta: { failureToast: adminToasts.loadFailed(leadTabs[tab].kind) },
  });
}

async function leadCount([url, search]: ListRequest, signal?: AbortSignal): Promise<number> {
  const response = await apiRequest('GET', url, undefined, searchHeaders(search), signal);
  return Number(response.headers.get('X-Total-Count') ?? 0);
}

/** Exports what the list shows; false when it holds none (the board asks one row for a count). */
export async function exportList(client: QueryClient, tab: LeadTabId, filter: TabFilter) {
  const page = client.getQueryData<LeadPage>(listRequest(tab, filter));
  const total = page ? page.total : await leadCount(listRequest(tab, filter, 1)).catch(() => 1);
  if (total) await downloadExport(exportRequest(tab, filter));
  return total > 0;
}

/**
 * Downloads an export: the browser streams it from its URL, or, searched, it is fetched first (a
 * link cannot carry the words' header) and a refusal is ours to say.
 */
export async function downloadExport([url, search]: ListRequest): Promise<void> {
  if (!search) return downloadFile(url);
  try {
    const response = await apiRequest('GET', url, undefined, searchHeaders(search));
    const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
    saveFile(await response.blob(), 'text/csv', named?.[1] ?? '');
  } catch (error) {
    toast(adminToasts.error(errorText(error)));
  }
}

export function useTabCounts() {
  const results = useQueries({
    queries: leadTabIds.map((tab) => ({
      queryKey: countRequest(tab),
      queryFn: ({ signal }) => leadCount(countRequest(tab), signal),
      placeholderData: keepPreviousData,
    })),
  });
  const counts = leadTabIds.map((tab, index) => [tab, results[index]?.data]);
  return Object.fromEntries(counts) as Record<LeadTabId, number | undefined>;
}

/** Marks the admin queries stale; only those on screen fetch again. */
export const refreshLeads = (client: QueryClient) =>
  client.invalidateQueries(
    {
      // The session alone is kept: a prefix would keep the sessions lists too.
      predicate: ({ queryKey: [key] }) => String(key).startsWith('/api/') && key !== SESSION_KEY[0],
    },
    { cancelRefetch: false },
  );

export function useLeadChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => refreshLeads(client) });
}

export function useDeleteLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'candidate' | 'company'; id: number }) =>
      apiRequest('DELETE', `/api/${kind}-submissions/${id}`),
    onSuccess: () => {
      toast(adminToasts.deleted);
      return refreshLeads(client);
    },
    onError: (_error, { kind }) => toast(adminToasts.deleteFailed(kind)),
  });
}

/** The spec's call has no body; an edited text goes beside it as `message`. */
export function useSendFormEmail() {
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message?: Sending['message'] }) =>
      requestJson<{ sent: boolean; transport?: string }>(
        'POST',
        `/api/candidate-submissions/${id}/send-email`,
        message && { message },
      ),
    // 'outbox': no mail server; the e-mail is a file on the server, not in the candidate's inbox.
    onSuccess: ({ transport }) =>
      toast(transport === 'outbox' ? adminToasts.emailSavedToOutbox : adminToasts.emailSent),
    onError: () => toast(adminToasts.emailFailed),
  });
}

/** What a bulk change covers: the ticked ids, or every lead of the list's filter. */
type BulkSelection = { ids: readonly number[] } | { filter: Record<string, string | boolean> };

export const useBulkChange = (url: string) =>
  useLeadChange(
    (body: BulkSelection & (({ status: string } & Sending) | { assignee: number | null })) =>
      requestJson<{ count: number }>('POST', url, body),
  );
