import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can, type AdminAccount, type AdminPermission } from '@shared/admin-accounts';
import { session } from '../../../lib/session-keys';
import { showToastsOnly, toast } from '../../../lib/toast-store';
import { adminToasts } from '../ui/admin-toasts';
import {
  besideSession,
  errorText,
  markSignedOut,
  requestJson,
  SESSION_KEY,
  type SessionState,
} from './http';
import { ApiError, apiRequest } from '../../../lib/api';
import type { SecondFactorNeeded } from '@shared/admin-factors';
import { passkeyAssertion } from './factors';

/** Whether the server has a valid session for this browser (the cookie is HttpOnly). */
export const useAdminSession = () => useQuery<SessionState>({ queryKey: SESSION_KEY });

export const useAccount = (): AdminAccount | undefined => useAdminSession().data?.account;

/** Whether the account's role allows `permission`; the dashboard hides the rest. */
export function useCan(permission: AdminPermission): boolean {
  const account = useAccount();
  return account !== undefined && can(account.role, permission);
}

/** A completed sign-in: the spec's session hint and toast; the session is read again. */
function useSignedIn() {
  const client = useQueryClient();
  return async () => {
    // Only a hint for the screen (spec section 3); the server decides with the cookie.
    session.set('adminAuthenticated', 'true');
    client.setQueryData(SESSION_KEY, { authenticated: true });
    showToastsOnly();
    toast(adminToasts.authenticated);
    await client.invalidateQueries({ queryKey: SESSION_KEY });
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (credentials: { password: string; email?: string }) =>
      requestJson<SessionState | SecondFactorNeeded>('POST', '/api/admin/login', credentials),
    // A right password of an account with a second factor: the form asks for it next.
    onSuccess: (answer) => (answer.authenticated ? signedIn() : undefined),
    onError: (error) =>
      toast({
        ...adminToasts.loginFailed,
        ...(error instanceof ApiError && error.status === 429 && { description: errorText(error) }),
      }),
  });
}

/** The second step of a password sign-in (an app or recovery code), or a passkey sign-in. */
export function useFactorSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (proof: { code: string } | { passkey: true }) =>
      'passkey' in proof
        ? apiRequest('POST', '/api/admin/login/passkey', { response: await passkeyAssertion() })
        : apiRequest('POST', '/api/admin/login/second-factor', proof),
    onSuccess: signedIn,
    onError: (error) => toast({ ...adminToasts.loginFailed, description: errorText(error) }),
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    // The reads still on their way are dropped first: answered after the sign-out, each would
    // be a 401 for a session this screen already left.
    onMutate: () => client.cancelQueries(besideSession),
    mutationFn: () => apiRequest('POST', '/api/admin/logout'),
    onSettled: () => {
      markSignedOut(client);
      toast(adminToasts.loggedOut);
    },
  });
}
