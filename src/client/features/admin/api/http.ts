import { QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { session } from '../../../lib/session-keys';

export const SESSION_KEY = ['/api/admin/session'] as const;

/** Throws the spec's '{status}: {body or status text}' for any non-OK answer. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text || response.statusText);
}

/** A same-origin request carrying the session cookie. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query function (spec section 7): GET the first element of the query key with
 * cookies; a non-OK answer throws; on 401 it throws, or returns null when asked to.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(String(queryKey[0]), { credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Back to the sign-in form: the session is gone (expired, revoked, or signed out). */
export function markSignedOut(client: QueryClient): void {
  session.remove('adminAuthenticated');
  client.setQueryData(SESSION_KEY, { authenticated: false });
}

/**
 * The spec's caching defaults (section 9): data never stale, no refetch on focus or on an
 * interval, no retries. Any 401 means the session ended: the screen returns to sign-in.
 */
export function createAdminQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) markSignedOut(client);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
