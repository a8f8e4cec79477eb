import { useEffect } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormSetValue } from 'react-hook-form';
import type { SessionKey } from '../../lib/session-keys';
import { useSessionValue } from '../../lib/use-session-value';

/**
 * Fills a form field from session storage (an e-mail typed on an earlier page, say) and returns
 * the stored value, or null. Read after hydration (useSessionValue), so the pre-rendered HTML
 * and the first client render agree. `enabled` lets a shared form opt out.
 */
export function useSessionPrefill<Values extends FieldValues>(
  form: { setValue: UseFormSetValue<Values> },
  field: FieldPath<Values>,
  key: SessionKey,
  enabled = true,
): string | null {
  const value = useSessionValue(key);
  const stored = enabled ? value : null;
  const { setValue } = form;
  useEffect(() => {
    if (stored) setValue(field, stored as PathValue<Values, FieldPath<Values>>);
  }, [stored, setValue, field]);
  return stored;
}
