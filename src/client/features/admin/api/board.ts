import { useInfiniteQuery } from '@tanstack/react-query';
import type { LeadKind } from '@shared/lead-status';
import type { ToastInput } from '../../../lib/toast-store';
import { toCandidate, toCompany, type CandidateLead, type CompanyLead } from '../leads/leads';
import { leadTabs, type LeadTabId } from '../leads/tabs';
import { apiRequest } from './http';

/** The board's cards per column page (the server's default too). */
const BOARD_PAGE = 20;

/** A card: the lead as the lists read it, and when anything last happened to it. */
export type BoardCard = (CandidateLead | CompanyLead) & { lastActivityAt: string };

/** The first page of a tab's column of `status`; also the column's query key. */
export function boardUrl(tab: LeadTabId, status: string): string {
  const { endpoint, type } = leadTabs[tab];
  const params = new URLSearchParams({ status, limit: String(BOARD_PAGE) });
  if (type) params.set('type', type);
  return `${endpoint}/board?${params}`;
}

/** A column's cards, page after page (X-Next-Cursor), and how many it holds (X-Total-Count). */
export function useBoardColumn(
  tab: LeadTabId,
  kind: LeadKind,
  status: string,
  failure: ToastInput,
) {
  const url = boardUrl(tab, status);
  return useInfiniteQuery({
    queryKey: [url],
    queryFn: async ({ pageParam }) => {
      const next = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
      const response = await apiRequest('GET', `${url}${next}`);
      const body = (await response.json()) as Record<string, unknown>[];
      const toLead = kind === 'company' ? toCompany : toCandidate;
      return {
        cards: body.map((raw): BoardCard => ({
          ...toLead(raw),
          lastActivityAt: String(raw.lastActivityAt),
        })),
        next: response.headers.get('X-Next-Cursor'),
        total: Number(response.headers.get('X-Total-Count') ?? body.length),
        capped: response.headers.get('X-Total-Count-Capped') === 'true',
      };
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    meta: { failureToast: failure },
  });
}
