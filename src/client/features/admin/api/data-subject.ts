import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataSubjectErasure, DataSubjectReport } from '@shared/admin-data-subject';
import { ApiError } from '../../../lib/api';
import { apiRequest, isUnauthorized, markSignedOut } from './http';
import { refreshLeads } from './leads';

const dataSubjectUrl = (email: string) =>
  `/api/admin/data-subject?email=${encodeURIComponent(email)}`;

/** The server's message for the address field of a 400, if that is what failed. */
export function addressError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  try {
    const body = JSON.parse(error.body) as {
      fields?: { email?: string };
    };
    return body.fields?.email;
  } catch {
    return undefined;
  }
}

/**
 * Everything held about an address. A mutation, not a query: each lookup is an audited
 * access, so it runs when the admin asks and never again by itself (no auto-refresh).
 */
export function useFindDataSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (await (await apiRequest('GET', dataSubjectUrl(email))).json()) as DataSubjectReport,
    onError: (error) => {
      if (isUnauthorized(error)) markSignedOut(client);
    },
  });
}

/** Erases everything held about an address; the lists and counts are fetched again after. */
export function useEraseDataSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      (await (await apiRequest('DELETE', dataSubjectUrl(email))).json()) as DataSubjectErasure,
    onSuccess: () => refreshLeads(client),
    onError: (error) => {
      if (isUnauthorized(error)) markSignedOut(client);
    },
  });
}
