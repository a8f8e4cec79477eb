import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  can,
  type AccountChange,
  type AccountListing,
  type AdminRole,
  type HandedOver,
  type SessionEntry,
} from '@shared/admin-accounts';
import { failureToast, successToast, toast } from '../../../lib/toast-store';
import { adminToasts } from '../ui/admin-toasts';
import { apiRequest } from '../../../lib/api';
import { errorText, requestJson } from './http';

const USERS_URL = '/api/admin/users';
const SESSIONS_URL = '/api/admin/sessions';

/** Every sessions list shown (yours, an account's) is read again: some of them ended. */
const sessionsEnded = (client: QueryClient) =>
  client.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(SESSIONS_URL),
  });

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

const calls = (count: number, [one, many]: readonly [string, string]) =>
  count === 1 ? `1 call ${one}` : `${count} calls ${many}`;
const MOVED = ['moved to another host.', 'moved to another host.'] as const;
/** Calls needing a host that a host now takes (an account taking calls, or hours saved). */
export const TAKEN_UP = ['without a host now has one.', 'without a host now have one.'] as const;
const LEFT = ['needs a host:', 'need a host:'] as const;

/** What a handover did, its moved calls in `words`; a count of none is not said. */
export const handedOverText = ({ moved, needHost }: HandedOver, words: readonly [string, string]) =>
  [moved && calls(moved, words), needHost && `${calls(needHost, LEFT)} see the calls on the Board.`]
    .filter(Boolean)
    .join(' ');

/** The calls of an account that stopped taking them, if it had any; else those it took up. */
function handedOver({ name, role, disabled, calls: handed }: AccountChange) {
  const leaving = disabled || !can(role, 'work');
  if (leaving ? handed.moved + handed.needHost === 0 : handed.moved === 0) return;
  const title = leaving ? `Calls of ${name}` : 'Calls needing a host';
  // One needing a host stays up longer, as a failure's toast does.
  const shown = handed.needHost > 0 ? failureToast : successToast;
  toast(shown(title, handedOverText(handed, leaving ? MOVED : TAKEN_UP)));
}

export function useChangeAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: { id: number; role?: AdminRole; disabled?: boolean }) =>
      requestJson<AccountChange>('PATCH', `${USERS_URL}/${id}`, change),
    onSuccess: (account) => {
      handedOver(account);
      // Disabling ends the account's sessions: a list of them the owner has open, too.
      if (account.disabled) void sessionsEnded(client);
      return client.invalidateQueries({ queryKey: [USERS_URL] });
    },
    onError: (error) => toast(adminToasts.error(errorText(error, 'The account was not changed.'))),
  });
}

/** An owner's reset of another account's sign-in: its sessions end, a link goes to its e-mail. */
export function useResetSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; name: string }) =>
      apiRequest('POST', `${USERS_URL}/${id}/reset-sign-in`),
    onSuccess: (_response, { name }) => {
      toast({
        title: 'Sign-in reset',
        description: `${name} is signed out; a link to choose a new password or passkey is on its way.`,
      });
      void sessionsEnded(client);
      return client.invalidateQueries({ queryKey: [USERS_URL] });
    },
    onError: (error) => toast(adminToasts.error(errorText(error, 'The sign-in was not reset.'))),
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
    onSuccess: () => sessionsEnded(client),
    onError: () => toast(adminToasts.error('The session was not ended.')),
  });
}

/** POST /api/admin/sign-out-everywhere: ends the admin's other sessions, keeps this one. */
export function useSignOutEverywhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<{ ended: number }>('POST', '/api/admin/sign-out-everywhere'),
    onSuccess: ({ ended }) => {
      toast(adminToasts.signedOutEverywhere(ended));
      return sessionsEnded(client);
    },
    onError: () => toast(adminToasts.error('Failed to sign out the other sessions')),
  });
}
