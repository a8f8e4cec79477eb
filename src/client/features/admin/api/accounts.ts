import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountChange,
  AccountListing,
  AdminRole,
  SessionEntry,
} from '@shared/admin-accounts';
import { failureToast, successToast, toast } from '../../../lib/toast-store';
import { adminToasts } from '../ui/admin-toasts';
import { apiRequest, errorText, requestJson } from './http';

export const USERS_URL = '/api/admin/users';
export const SESSIONS_URL = '/api/admin/sessions';

export const useAccounts = () => useQuery<AccountListing>({ queryKey: [USERS_URL] });

export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitation: { email: string; role: AdminRole }) =>
      apiRequest('POST', USERS_URL, invitation),
    onSuccess: (_response, { email }) => {
      toast({ title: 'Invitation sent', description: `An invitation is on its way to ${email}.` });
      return client.invalidateQueries({ queryKey: [USERS_URL] });
    },
    onError: (error) => toast(adminToasts.error(errorText(error, 'The invitation was not sent.'))),
  });
}

const calls = (count: number) => (count === 1 ? '1 call' : `${count} calls`);

/** What became of the calls of an account that stopped taking them, if it had any. */
function handedOver({ name, calls: { moved, needHost } }: AccountChange) {
  if (moved + needHost === 0) return;
  const description = `${calls(moved)} moved to another host. ${calls(needHost)} ${needHost === 1 ? 'needs' : 'need'} a host: see the calls on the Board.`;
  // One needing a host stays up longer, as a failure's toast does.
  toast((needHost > 0 ? failureToast : successToast)(`Calls of ${name}`, description));
}

export function useChangeAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: { id: number; role?: AdminRole; disabled?: boolean }) =>
      requestJson<AccountChange>('PATCH', `${USERS_URL}/${id}`, change),
    onSuccess: (account) => {
      handedOver(account);
      return client.invalidateQueries({ queryKey: [USERS_URL] });
    },
    onError: (error) => toast(adminToasts.error(errorText(error, 'The account was not changed.'))),
  });
}

/** The live sessions of the signed-in account, or (an owner asking) of `accountId`. */
export const useSessions = (accountId?: number) =>
  useQuery<SessionEntry[]>({
    queryKey: [accountId === undefined ? SESSIONS_URL : `${SESSIONS_URL}?account=${accountId}`],
  });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `${SESSIONS_URL}/${id}`),
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(SESSIONS_URL),
      }),
    onError: () => toast(adminToasts.error('The session was not ended.')),
  });
}
