import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api';
import { showToastsOnly, toast, type ToastInput } from '../../../lib/toast-store';
import { session } from '../../../lib/session-keys';
import type { AdminAccount, AdminRole, SessionEnd } from '@shared/admin-accounts';
import { adminToasts } from '../ui/admin-toasts';

export const SESSION_KEY = ['/api/admin/session'] as const;

/** Every query but the session's: what a sign-out drops. */
export const besideSession = { predicate: (query: Query) => query.queryKey[0] !== SESSION_KEY[0] };

/** The spec's session answer and, beside `authenticated`, what the server adds. */
export interface SessionState {
  authenticated: boolean;
  account?: AdminAccount;
  /** ADMIN_REQUIRE_MFA: this account must set up a second factor before it sees a lead. */
  setupRequired?: boolean;
  /** Signed out by no choice of this screen's: why (the sign-in form says it). */
  ended?: SessionEnd;
}

export const requestJson = async <T>(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
) => (await (await apiRequest(method, url, body, {}, signal)).json()) as T;

/** A refused request's JSON answer: {"error"}, {"fields": {…}}, a 401's `ended`, a 403's `role`. */
function answerOf(error: ApiError): {
  error?: string;
  fields?: Record<string, string>;
  ended?: SessionEnd;
  role?: AdminRole;
  confirmRequired?: boolean;
} {
  try {
    return (JSON.parse(error.body) as object | null) ?? {};
  } catch {
    return {};
  }
}

/** An error answer's own words ({"error"}), else `fallback`, else its body or message. */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return answerOf(error).error ?? fallback ?? error.body;
  return fallback ?? (error instanceof Error ? error.message : String(error));
}

/** A change refused until the session confirms it's you again (403 `confirmRequired`). */
export const confirmRequired = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && answerOf(error).confirmRequired === true;

export const fieldMessages = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? (answerOf(error).fields ?? {}) : {};

/** A refused request's message for `field` (or for its first field). */
export function fieldMessage(error: unknown, field?: string): string | undefined {
  const fields = fieldMessages(error);
  return field ? fields[field] : Object.values(fields)[0];
}

/** Downloads `url` as a file, named `name` or by the server (Content-Disposition). */
export function downloadFile(url: string, name = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

export function saveFile(text: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadFile(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const isUnauthorized = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 401;

/**
 * Back to the sign-in form. What the session read goes with it (the next account must not see
 * it), and its toasts: only the sign-in form's show, until a sign-in shows them all again.
 */
export function markSignedOut(client: QueryClient, ended?: SessionEnd): void {
  const signInToasts = [adminToasts.loggedOut.title, adminToasts.loginFailed.title];
  showToastsOnly(({ title }) => signInToasts.includes(title));
  client.removeQueries(besideSession);
  session.remove('adminAuthenticated');
  client.setQueryData<SessionState>(SESSION_KEY, { authenticated: false, ...(ended && { ended }) });
}

/**
 * A role an owner changed while signed in is told once (by the session answer or a 403 naming
 * it); until the session is read again no failure toast shows: it would hide why.
 */
function tellRoleChanges(client: QueryClient) {
  let known: AdminAccount | undefined;
  client.getQueryCache().subscribe(({ query }) => {
    if (query.queryKey[0] !== SESSION_KEY[0]) return;
    const account = (query.state.data as SessionState | undefined)?.account;
    if (known && account?.id === known.id && account.role !== known.role) {
      toast(adminToasts.roleChanged(account.role));
    }
    known = account;
  });
  return (error: unknown) => {
    if (!(error instanceof ApiError && error.status === 403)) return;
    const { role } = answerOf(error);
    const signed = client.getQueryData<SessionState>(SESSION_KEY);
    const changed = role && signed?.account && signed.account.role !== role;
    if (changed) {
      showToastsOnly(({ variant }) => variant !== 'destructive');
      client.setQueryData(SESSION_KEY, { ...signed, account: { ...signed.account, role } });
    }
    void client.invalidateQueries({ queryKey: SESSION_KEY }).then(() => {
      if (!changed) return;
      const now = client.getQueryData<SessionState>(SESSION_KEY);
      if (now?.authenticated) showToastsOnly();
      else markSignedOut(client, now?.ended);
    });
  };
}

/**
 * The spec's defaults (sections 7-9); a 401 signs out, other failures show `meta.failureToast`.
 * A change's 401 may be a wrong password (confirming it's you): it signs out once the session,
 * read again, is gone.
 */
export function createAdminQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, { meta }) => {
        onRefused(error);
        if (isUnauthorized(error)) markSignedOut(client, answerOf(error).ended);
        else if (meta?.failureToast) toast(meta.failureToast as ToastInput);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        onRefused(error);
        const signedIn = client.getQueryData<SessionState>(SESSION_KEY)?.authenticated;
        if (!isUnauthorized(error) || !signedIn) return;
        void client.fetchQuery<SessionState>({ queryKey: SESSION_KEY, staleTime: 0 }).then(
          (now) => {
            if (!now.authenticated) markSignedOut(client, now.ended);
          },
          () => undefined,
        );
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: async ({ queryKey, meta, signal }) => {
          try {
            return await requestJson<unknown>('GET', String(queryKey[0]), undefined, signal);
          } catch (error) {
            // Spec section 7: a 401 throws by default, or gives null when a query asks so.
            if (meta?.on401 === 'returnNull' && isUnauthorized(error)) return null;
            throw error;
          }
        },
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  const onRefused = tellRoleChanges(client);
  return client;
}
