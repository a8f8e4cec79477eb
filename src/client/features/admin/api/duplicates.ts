import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './http';
import { refreshLeads } from './leads';

/** A candidate that may be the same person (decision 161), and the keys it shares. */
export interface PossibleDuplicate {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  createdAt: string;
  reasons: ('phone' | 'name_location' | 'email')[];
}

const duplicatesUrl = (id: number) => `/api/candidate-submissions/${id}/duplicates`;

/** GET the candidate's possible duplicates (the default fetch reads the key's URL). */
export const usePossibleDuplicates = (id: number) =>
  useQuery<PossibleDuplicate[]>({ queryKey: [duplicatesUrl(id)] });

/** POST …/merge {otherId}: the other lead goes into this one; the detail and lists load again. */
export function useMergeLead(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (otherId: number) =>
      apiRequest('POST', `/api/candidate-submissions/${id}/merge`, { otherId }),
    onSuccess: () => refreshLeads(client),
  });
}
