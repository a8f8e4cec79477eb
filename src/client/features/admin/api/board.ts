import { useInfiniteQuery } from '@tanstack/react-query';
import type { LeadKind } from '@shared/lead-status';
import type { ToastInput } from '../../../lib/toast-store';
import { toCandidate, toCompany, type CandidateLead, type CompanyLead } from '../leads/leads';
import { leadTabs, listFilter, type LeadTabId, type TabFilter } from '../leads/tabs';
import { getPage } from './leads';

/** The board's cards per column page (the server's default too). */
const BOARD_PAGE = 20;

/** A card: the lead as the lists read it, and when anything last happened to it. */
export type BoardCard = (CandidateLead | CompanyLead) & { lastActivityAt: string };

/** A column's cards of `status` the list's filter finds, page after page, and how many. */
export function useBoardColumn(
  tab: LeadTabId,
  kind: LeadKind,
  status: string,
  failure: ToastInput,
  filter: TabFilter = { q: '', status: '', offset: 0 },
) {
  const { duplicates, ...rest } = listFilter(tab, { ...filter, status });
  const params = new URLSearchParams({ limit: String(BOARD_PAGE), ...rest });
  if (duplicates) params.set('duplicates', '1');
  const url = `${leadTabs[tab].endpoint}/board?${params}`;
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
