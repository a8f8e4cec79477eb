import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { AccountFactors } from '@shared/admin-factors';
import { failureToast, toast } from '../../../lib/toast-store';
import { apiRequest } from '../../../lib/api';
import { errorText, requestJson } from './http';

const FACTORS_KEY = ['/api/admin/factors'] as const;

/** The browser's passkey for a sign-in or a confirmation: any passkey of this site. */
export const passkeyAssertion = async (): Promise<unknown> =>
  startAuthentication({
    optionsJSON: await requestJson('POST', '/api/admin/passkeys/sign-in-options'),
  });

/** The browser's new passkey, made with the options the POST to `url` answers. */
export const newPasskey = async (url: string, body?: object): Promise<unknown> =>
  startRegistration({ optionsJSON: await requestJson('POST', url, body) });

export const useFactors = () => useQuery<AccountFactors>({ queryKey: FACTORS_KEY });

/** A change of factor (the server rotates the session), its toasts `done` and `failed`. */
function useFactorChange<Input, Output>(
  run: (input: Input) => Promise<Output>,
  [done, failed]: [string, string],
  onDone?: (output: Output) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (output) => {
      toast({ title: done, variant: 'success' });
      onDone?.(output);
    },
    onError: (error) => toast(failureToast(failed, errorText(error))),
    onSettled: () => client.invalidateQueries({ queryKey: FACTORS_KEY }),
  });
}

/** Proves the password, an app or recovery code, or a passkey again (for five minutes). */
export const useConfirmIdentity = () =>
  useFactorChange(
    async (proof: { password: string } | { code: string } | { passkey: true }) => {
      const body = 'passkey' in proof ? { passkey: await passkeyAssertion() } : proof;
      return apiRequest('POST', '/api/admin/factors/confirm', body);
    },
    ['Confirmed', 'Not confirmed'],
  );

export const useAddPasskey = () =>
  useFactorChange(
    async (name: string) => {
      const response = await newPasskey('/api/admin/passkeys/registration-options');
      return apiRequest('POST', '/api/admin/passkeys', { name, response });
    },
    ['Passkey added', 'Passkey not added'],
  );

export const useRenamePasskey = () =>
  useFactorChange(
    ({ id, name }: { id: number; name: string }) =>
      apiRequest('PATCH', `/api/admin/passkeys/${id}`, { name }),
    ['Passkey renamed', 'Passkey not renamed'],
  );

export const useRemovePasskey = () =>
  useFactorChange(
    (id: number) => apiRequest('DELETE', `/api/admin/passkeys/${id}`),
    ['Passkey removed', 'Passkey not removed'],
  );

export const startTotp = () =>
  requestJson<{ secret: string; qrCode: string }>('POST', '/api/admin/totp');

const recoveryCodes = async (url: string, body?: { code: string }) =>
  (await requestJson<{ recoveryCodes: string[] }>('POST', url, body)).recoveryCodes;

export const useConfirmTotp = (onCodes: (codes: string[]) => void) =>
  useFactorChange(
    (code: string) => recoveryCodes('/api/admin/totp/confirm', { code }),
    ['Authenticator app set up', 'Authenticator app not set up'],
    onCodes,
  );

export const useRemoveTotp = () =>
  useFactorChange(
    () => apiRequest('DELETE', '/api/admin/totp'),
    ['Authenticator app removed', 'Authenticator app not removed'],
  );

export const useNewRecoveryCodes = (onCodes: (codes: string[]) => void) =>
  useFactorChange(
    () => recoveryCodes('/api/admin/recovery-codes'),
    ['New recovery codes', 'No new recovery codes'],
    onCodes,
  );
