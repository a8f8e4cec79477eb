import { useQuery } from '@tanstack/react-query';
import type { PossibleDuplicate } from '@shared/admin-duplicates';
import { apiRequest } from './http';
import { useLeadChange } from './leads';

const duplicatesUrl = (id: number) => `/api/candidate-submissions/${id}/duplicates`;

export const usePossibleDuplicates = (id: number) =>
  useQuery<PossibleDuplicate[]>({ queryKey: [duplicatesUrl(id)] });

/** POST …/merge {otherId}: the other lead goes into this one; the detail and lists load again. */
export const useMergeLead = (id: number) =>
  useLeadChange((otherId: number) =>
    apiRequest('POST', `/api/candidate-submissions/${id}/merge`, { otherId }),
  );
