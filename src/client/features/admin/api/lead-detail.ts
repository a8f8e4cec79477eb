import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadConversion } from '@shared/admin-deliveries';
import type { LeadKind } from '@shared/lead-status';
import type { LeadNoteInput } from '@shared/schemas/lead-note';
import { toCandidate, toCompany, type CandidateLead, type CompanyLead } from '../leads/leads';
import { apiRequest } from './http';
import { refreshLeads } from './leads';

/** One entry of a lead's history, as the server words it (oldest first). */
export interface TimelineEntry {
  at: string;
  kind: 'created' | 'submitted' | 'email_sent' | 'status_changed' | 'note' | string;
  text: string;
}

/** One form the lead sent, as it came: its validated fields by column, and its attribution. */
export interface SubmissionEntry {
  form: string;
  at: string;
  sourcePage: string | null;
  fields: Record<string, string | null> | null;
  attribution: Record<string, unknown> | null;
  /** Sent with the lead's proof; absent from servers before it. */
  verified?: boolean;
}

interface DetailHistory {
  raw: Record<string, unknown>;
  timeline: TimelineEntry[];
  /** Oldest first. */
  submissions: SubmissionEntry[];
  /** Its Meta Conversions API events, oldest first (none when the feature is off). */
  conversions: LeadConversion[];
}

export type LeadDetail =
  | ({ kind: 'candidate'; lead: CandidateLead } & DetailHistory)
  | ({ kind: 'company'; lead: CompanyLead } & DetailHistory);

/** GET / PATCH /api/{candidate,company}-submissions/:id; also the detail's query key. */
export const detailUrl = (kind: LeadKind, id: number) => `/api/${kind}-submissions/${id}`;

/** The detail's `timeline` is its history: a company's own (hiring) timeline is `hiringTimeline`. */
function toDetail(kind: LeadKind, raw: Record<string, unknown>): LeadDetail {
  const list = <T>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);
  const parts = {
    raw,
    timeline: list<TimelineEntry>(raw.timeline),
    submissions: list<SubmissionEntry>(raw.submissions),
    conversions: list<LeadConversion>(raw.conversions),
  };
  if (kind === 'candidate') return { kind, lead: toCandidate(raw), ...parts };
  return { kind, lead: toCompany({ ...raw, timeline: raw.hiringTimeline }), ...parts };
}

export function useLeadDetail(kind: LeadKind, id: number) {
  return useQuery({
    queryKey: [detailUrl(kind, id)],
    queryFn: async () => {
      const response = await apiRequest('GET', detailUrl(kind, id));
      return toDetail(kind, (await response.json()) as Record<string, unknown>);
    },
  });
}

// The panel reports these itself: a toast would be hidden behind the modal and take the Escape.

/** PATCH a lead's status: the answer is its new detail; the lists, counts and board show it too. */
export function useChangeStatus(kind: LeadKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status, notify }: { id: number; status: string; notify: boolean }) => {
      // `notify` only when asked: the spec's body is `{"status"}` alone.
      const body = notify ? { status, notify } : { status };
      const response = await apiRequest('PATCH', detailUrl(kind, id), body);
      return toDetail(kind, (await response.json()) as Record<string, unknown>);
    },
    onSuccess: (detail, { id }) => {
      client.setQueryData([detailUrl(kind, id)], detail);
      return refreshLeads(client);
    },
  });
}

/** The forms sent without the proof were seen: the answer is the new detail. */
export function useMarkReviewed(kind: LeadKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest('POST', `${detailUrl(kind, id)}/reviewed`);
      return toDetail(kind, (await response.json()) as Record<string, unknown>);
    },
    onSuccess: (detail) => {
      client.setQueryData([detailUrl(kind, id)], detail);
      return refreshLeads(client);
    },
  });
}

/** POST a note; the detail (its timeline) and the lists load again. */
export function useAddNote(kind: LeadKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: LeadNoteInput) => apiRequest('POST', `${detailUrl(kind, id)}/notes`, note),
    onSuccess: () => refreshLeads(client),
  });
}
