import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuarantinePage } from '@shared/admin-quarantine';
import { toast } from '../../../lib/toast-store';
import { adminToasts } from '../admin-toasts';
import { apiRequest } from './http';
import { refreshLeads } from './leads';

const QUARANTINE_URL = '/api/admin/quarantine?limit=100';

/** The newest 100 quarantined submissions, and how many there are (refreshed with the rest). */
export const useQuarantine = () => useQuery<QuarantinePage>({ queryKey: [QUARANTINE_URL] });

/** Release (into the normal flow) or delete one; every list and count is fetched again after. */
export function useQuarantineAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'release' | 'delete'; id: number }) =>
      action === 'release'
        ? apiRequest('POST', `/api/admin/quarantine/${id}/release`)
        : apiRequest('DELETE', `/api/admin/quarantine/${id}`),
    onSuccess: (_response, { action }) => {
      toast(action === 'release' ? adminToasts.released : adminToasts.deleted);
      return refreshLeads(client);
    },
    onError: (_error, { action }) =>
      toast(action === 'release' ? adminToasts.releaseFailed : adminToasts.quarantineDeleteFailed),
  });
}
