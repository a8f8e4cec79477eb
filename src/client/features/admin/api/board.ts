import { useInfiniteQuery } from '@tanstack/react-query';
import type { LeadKind } from '@shared/lead-status';
import type { ToastInput } from '../../../lib/toast-store';
import { toCandidate, toCompany, type CandidateLead, type CompanyLead } from '../leads/leads';
import { leadTabs, type LeadTabId } from '../leads/tabs';
import { getPage } from './leads';

/** The board's cards per column page (the server's default too). */
const BOARD_PAGE = 20;

/** A card: the lead as the lists read it, and when anything last happened to it. */
export type BoardCard = (CandidateLead | CompanyLead) & { lastActivityAt: string };

/** A column's cards of `status`, page after page, and how many it holds. */
export function useBoardColumn(
  tab: LeadTabId,
  kind: LeadKind,
  status: string,
  failure: ToastInput,
) {
  const { endpoint, type } = leadTabs[tab];
  const params = new URLSearchParams({ status, limit: String(BOARD_PAGE), ...(type && { type }) });
  const url = `${endpoint}/board?${params}`;
  const toLead = kind === 'company' ? toCompany : toCandidate;
  return useInfiniteQuery({
    queryKey: [url],
    queryFn: ({ pageParam }) =>
      getPage(
        pageParam ? `${url}&cursor=${encodeURIComponent(pageParam)}` : url,
        (raw): BoardCard => ({ ...toLead(raw), lastActivityAt: String(raw.lastActivityAt) }),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    meta: { failureToast: failure },
  });
}
