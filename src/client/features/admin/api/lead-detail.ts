import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminAccount } from '@shared/admin-accounts';
import type { ZonedCall } from '@shared/booking-calls';
import type { ScreeningAnswers } from '@shared/booking-screening';
import type { LeadConversion } from '@shared/admin-deliveries';
import type { PossibleDuplicate } from '@shared/admin-duplicates';
import type { SubmissionEntry, TimelineEntry } from '@shared/lead-history';
import type { MergeWinners, SecondaryContact } from '@shared/lead-merge';
import type { LeadKind } from '@shared/lead-status';
import type { MessageTemplateSlot } from '@shared/message-templates';
import type { LeadNoteInput } from '@shared/schemas/lead-note';
import { toCandidate, toCompany, type CandidateLead, type CompanyLead } from '../leads/leads';
import { apiRequest } from '../../../lib/api';
import { requestJson } from './http';
import { refreshLeads, useLeadChange } from './leads';
import { TEMPLATES_URL, type Sending } from './message-templates';

/** Each list oldest first; `secondaryContacts` are those kept from merged leads. */
interface DetailHistory {
  raw: Record<string, unknown>;
  secondaryContacts: SecondaryContact[];
  timeline: TimelineEntry[];
  submissions: SubmissionEntry[];
  /** Its Meta Conversions API events (none when the feature is off). */
  conversions: LeadConversion[];
}

export type LeadDetail =
  | ({ kind: 'candidate'; lead: CandidateLead } & DetailHistory)
  | ({ kind: 'company'; lead: CompanyLead } & DetailHistory);

/** GET / PATCH /api/{candidate,company}-submissions/:id; also the detail's query key. */
const detailUrl = (kind: LeadKind, id: number) => `/api/${kind}-submissions/${id}`;

/** The detail's `timeline` is its history: a company's own (hiring) timeline is `hiringTimeline`. */
function toDetail(kind: LeadKind, raw: Record<string, unknown>): LeadDetail {
  const { secondaryContacts, timeline, submissions, conversions } = raw as unknown as DetailHistory;
  const parts = { raw, secondaryContacts, timeline, submissions, conversions };
  if (kind === 'candidate') return { kind, lead: toCandidate(raw), ...parts };
  return { kind, lead: toCompany({ ...raw, timeline: raw.hiringTimeline }), ...parts };
}

export const useLeadDetail = (kind: LeadKind, id: number) =>
  useQuery({
    queryKey: [detailUrl(kind, id)],
    queryFn: async ({ signal }) =>
      toDetail(kind, await requestJson('GET', detailUrl(kind, id), undefined, signal)),
  });

const ASSIGNEES_URL = '/api/admin/assignees';

export interface LeadDrawer {
  detail: LeadDetail;
  duplicates: PossibleDuplicate[];
  booking?: ZonedCall | undefined;
  /** A candidate's answers to the knock-out questions. */
  screening?: ScreeningAnswers | undefined;
}

type DrawerAnswer = Omit<LeadDrawer, 'detail'> & {
  lead: Record<string, unknown>;
  assignees: Assignee[];
  messageTemplates: MessageTemplateSlot[];
};

/** The drawer in one request; its other parts fill the queries its controls read. */
function drawerQuery(client: QueryClient, kind: LeadKind, id: number) {
  return {
    queryKey: [`${detailUrl(kind, id)}/drawer`],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LeadDrawer> => {
      const url = `${detailUrl(kind, id)}/drawer`;
      const { lead, assignees, messageTemplates, duplicates, booking, screening } =
        await requestJson<DrawerAnswer>('GET', url, undefined, signal);
      const detail = toDetail(kind, lead);
      client.setQueryData([detailUrl(kind, id)], detail);
      client.setQueryData([ASSIGNEES_URL], assignees);
      client.setQueryData([TEMPLATES_URL], messageTemplates);
      return { detail, duplicates, booking, screening };
    },
  };
}

export const useLeadDrawer = (kind: LeadKind, id: number) =>
  useQuery(drawerQuery(useQueryClient(), kind, id));

/** Asks for the open lead's drawer at once, beside its code's chunk rather than after it. */
export function usePrefetchDrawer(open: { kind: LeadKind; id: number } | null) {
  const client = useQueryClient();
  const { kind, id } = open ?? {};
  useEffect(() => {
    if (kind && id) void client.prefetchQuery(drawerQuery(client, kind, id));
  }, [client, kind, id]);
}

// The panel reports these itself: a toast would be hidden behind the modal and take the Escape.

/** A change answered with the lead's new detail: shown at once; the lists, counts and board too. */
function useDetailChange<Input extends { id: number }>(
  kind: LeadKind,
  request: (input: Input) => Promise<Response>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) =>
      toDetail(kind, (await (await request(input)).json()) as Record<string, unknown>),
    onSuccess: (detail, { id }) => {
      client.setQueryData([detailUrl(kind, id)], detail);
      client.setQueryData<LeadDrawer>([`${detailUrl(kind, id)}/drawer`], (drawer) =>
        drawer ? { ...drawer, detail } : drawer,
      );
      return refreshLeads(client);
    },
  });
}

/** PATCH a lead's status; `notify` and `message` only when asked: the spec's body is `{"status"}`. */
export const useChangeStatus = (kind: LeadKind) =>
  useDetailChange(kind, ({ id, ...change }: { id: number; status: string } & Sending) =>
    apiRequest('PATCH', detailUrl(kind, id), change),
  );

/** The forms sent without the person's proof: discarded (`reviewed`) or accepted. */
export const useReviewUnverified = (kind: LeadKind, verdict: 'accept' | 'discard') =>
  useDetailChange(kind, ({ id }: { id: number }) =>
    apiRequest(
      'POST',
      `${detailUrl(kind, id)}/${verdict === 'accept' ? 'unverified/accept' : 'reviewed'}`,
    ),
  );

export const useAddNote = (kind: LeadKind, id: number) =>
  useLeadChange((note: LeadNoteInput) => apiRequest('POST', `${detailUrl(kind, id)}/notes`, note));

export type Assignee = Pick<AdminAccount, 'id' | 'name'>;

/** The enabled owners and recruiters, for the detail's assignee control. */
export const useAssignees = () => useQuery<Assignee[]>({ queryKey: [ASSIGNEES_URL] });

export const useAssign = (kind: LeadKind, id: number) =>
  useLeadChange((assignee: number | null) =>
    apiRequest('PATCH', detailUrl(kind, id), { assignee }),
  );

/** POST …/merge: the other lead goes into this one, each field from the chosen side. */
export const useMergeLead = (id: number) =>
  useLeadChange((merge: { otherId: number; winners: MergeWinners }) =>
    apiRequest('POST', `${detailUrl('candidate', id)}/merge`, merge),
  );
