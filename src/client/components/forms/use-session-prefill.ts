import { useEffect } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormSetValue } from 'react-hook-form';
import { usePageState } from '../../lib/page-state';
import type { SessionKey } from '../../lib/session-keys';
import { useSessionValue } from '../../lib/use-session-value';

/**
 * Fills a form field from session storage (an e-mail typed on an earlier page, say) and returns
 * the stored value, or null. Read after hydration (useSessionValue), so the pre-rendered HTML
 * and the first client render agree. `enabled` lets a shared form opt out. A page the server
 * rendered with a prefill (an earlier form posted without JavaScript, decision 090) has the
 * value from its first render, on the server and while hydrating alike.
 */
export function useSessionPrefill<Values extends FieldValues>(
  form: { setValue: UseFormSetValue<Values> },
  field: FieldPath<Values>,
  key: SessionKey,
  enabled = true,
): string | null {
  const fromServer = usePageState().prefill?.[key];
  const value = useSessionValue(key) ?? fromServer ?? null;
  const stored = enabled ? value : null;
  const { setValue } = form;
  useEffect(() => {
    if (stored) setValue(field, stored as PathValue<Values, FieldPath<Values>>);
  }, [stored, setValue, field]);
  return stored;
}
