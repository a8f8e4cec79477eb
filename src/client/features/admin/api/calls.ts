import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  BOOKINGS_URL,
  OUTCOME_LABELS,
  outcomeUrl,
  type BookedCall,
  type CallOutcome,
  type DayCalls,
} from '@shared/booking-calls';
import { isCalendarDay } from '@shared/calendar-day';
import { requestJson } from './http';

/** The day's calls and earlier ones left unmarked; `null`: today in the desk's zone, not the
    browser's. */
export function useDayCalls(day: string | null) {
  return useQuery({
    queryKey: [BOOKINGS_URL, day],
    queryFn: ({ signal }) =>
      requestJson<DayCalls>(
        'GET',
        day ? `${BOOKINGS_URL}?day=${day}` : BOOKINGS_URL,
        undefined,
        signal,
      ),
    enabled: day === null || isCalendarDay(day),
  });
}

const readAgain = (client: QueryClient, { leadId }: Pick<BookedCall, 'leadId'>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: [BOOKINGS_URL] }),
    client.invalidateQueries({ queryKey: [`/api/candidate-submissions/${leadId}/drawer`] }),
  ]);

export function useMarkCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: number; outcome: CallOutcome }) =>
      requestJson<BookedCall>('POST', outcomeUrl(id), { outcome }),
    onSuccess: (call) => readAgain(client, call),
  });
}

/** Takes a call needing a host; refused too (taken a moment earlier), the list is read again. */
export function useTakeCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: Pick<BookedCall, 'id' | 'leadId'>) =>
      requestJson<BookedCall>('POST', `${BOOKINGS_URL}/${call.id}/take`),
    onSettled: (_taken, _error, call) => readAgain(client, call),
  });
}

/** A call's state in words: its mark, "Not marked" a day after its end, else "Booked". */
export function callState(call: Pick<BookedCall, 'outcome' | 'notMarked'>): string {
  if (call.outcome) return OUTCOME_LABELS[call.outcome];
  return call.notMarked ? 'Not marked' : 'Booked';
}
