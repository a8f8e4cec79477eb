import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast-store';
import { adminToasts } from '../admin-toasts';
import { apiRequest } from './http';

/** POST /api/admin/sign-out-everywhere: ends the admin's other sessions, keeps this one. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest('POST', '/api/admin/sign-out-everywhere');
      return ((await response.json()) as { ended: number }).ended;
    },
    onSuccess: (ended) => toast(adminToasts.signedOutEverywhere(ended)),
    onError: () => toast(adminToasts.signOutEverywhereFailed),
  });
}
