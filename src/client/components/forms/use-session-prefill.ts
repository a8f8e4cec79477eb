import { useEffect, useSyncExternalStore } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormSetValue } from 'react-hook-form';
import { session, type SessionKey } from '../../lib/session-keys';

// Session storage fires no event in the tab that writes it, and a prefill is read once anyway.
const noSubscription = () => () => {};

/**
 * Fills a form field from session storage (an e-mail typed on an earlier page, say) and returns
 * the stored value, or null. The value is read only after hydration (the server snapshot is
 * null), so the pre-rendered HTML and the first client render agree.
 */
export function useSessionPrefill<Values extends FieldValues>(
  form: { setValue: UseFormSetValue<Values> },
  field: FieldPath<Values>,
  key: SessionKey,
): string | null {
  const stored = useSyncExternalStore(
    noSubscription,
    () => session.get(key),
    () => null,
  );
  const { setValue } = form;
  useEffect(() => {
    if (stored) setValue(field, stored as PathValue<Values, FieldPath<Values>>);
  }, [stored, setValue, field]);
  return stored;
}
