import { useState, type BaseSyntheticEvent } from 'react';
import { get, useForm, type FieldError, type Path } from 'react-hook-form';
import type { input, output } from 'zod/v4/core';
import type { LandingVariant } from '@shared/enums';
import { afterNextPaint } from '../../lib/scheduling';
import { apiRequest } from '../../lib/api';
import { spamFieldsOf } from './spam-fields';
import { leadAttribution } from '../../lib/attribution';
import { zodResolver, type FormSchema } from '../../lib/zod-resolver';
import { toast, type ToastInput } from '../../lib/toast-store';
import { usePageState } from '../../lib/page-state';
import { useHydrated } from '../../lib/use-hydrated';
import { formLead, type LeadForm } from '../../lib/tracking/lead-events';
import { conversionFields, submissionEventId } from '../../lib/tracking/submission-event';
import { track } from '../../lib/tracking/tracker';

export interface LeadFormOptions<Schema extends FormSchema> {
  schema: Schema;
  /** Where the form posts, with JavaScript or without: endpoint and page name it; the variant. */
  post: { action: string; page: string; variant?: LandingVariant };
  onSuccess: (values: output<Schema>) => void;
  failureToast: ToastInput;
}

// What was entered in the server HTML of the form posting to `action` before its code arrived:
// react-hook-form resets a group's radios as it registers them, unless one is the default.
function enteredBeforeHydration(action: string): Record<string, string> {
  if (typeof document === 'undefined') return {}; // the server's render
  const form = document.querySelector<HTMLFormElement>(`form[action="${action}"]`);
  if (!form) return {};
  const entered: Record<string, string> = {};
  for (const [name, value] of new FormData(form))
    if (typeof value === 'string') entered[name] = value;
  return entered;
}

/** What every lead form does (spec 4, 5): validate, submit, failure toast with the form kept. */
export function useLeadForm<Schema extends FormSchema>({
  schema,
  post,
  onSuccess,
  failureToast,
}: LeadFormOptions<Schema>) {
  // Read once, while hydrating: after a navigation the old page may show the same action.
  const hydrating = !useHydrated();
  const [entered] = useState(() => (hydrating ? enteredBeforeHydration(post.action) : {}));
  const form = useForm<input<Schema>, unknown, output<Schema>>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // No defaultValues: the inputs' own values are kept, text typed before hydration too.
  });
  // Busy from the tap: its frame shows the busy button, and checking and posting follow it.
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    const target: unknown = event?.target;
    setSubmitting(true);
    await afterNextPaint();
    try {
      await form.handleSubmit(async (values) => {
        try {
          await apiRequest('POST', post.action, {
            ...values,
            attribution: leadAttribution(post.page, post.variant),
            ...(await spamFieldsOf(target)),
            ...conversionFields(),
          });
        } catch {
          toast(failureToast);
          return;
        }
        onSuccess(values);
      })();
    } finally {
      setSubmitting(false);
    }
  };
  // Posted without JavaScript and sent back with its messages: shown until submitted again.
  const returned = usePageState().form;
  const sentBack =
    returned?.action === post.action && returned.page === post.page && returned.errors
      ? returned
      : undefined;
  const serverError = (name: string) =>
    form.formState.submitCount === 0 ? sentBack?.errors?.[name] : undefined;
  // Focus scrolls the first message into view: in /typeform's frame it sat below the fold.
  const firstError = Object.keys(sentBack?.errors ?? {})[0];
  /** A field's registration and error; `prefilled` is its initial value (shown without JS). */
  const field = (name: Path<input<Schema>>, prefilled?: string | null) => {
    const typed = sentBack?.values?.[name] ?? prefilled ?? (entered[name] || undefined);
    return {
      ...form.register(name),
      ...(typed === undefined ? {} : { defaultValue: typed }),
      // Errors only: reading a field's whole state would re-render the form at every first key
      // and every blur (its dirty and touched flags), which a slow phone feels as lag.
      error:
        (get(form.formState.errors, name) as FieldError | undefined)?.message ?? serverError(name),
      ...(name === firstError && serverError(name) ? { autoFocus: true } : {}),
    };
  };
  return { form, field, onSubmit, submitting, post };
}

/** An `onSuccess` that records the form's Lead and shows its toast, then does `next`. */
export const announceLead =
  <Values>(form: LeadForm, successToast: ToastInput, next: (values: Values) => void) =>
  (values: Values) => {
    track(formLead(form, submissionEventId()));
    toast(successToast);
    next(values);
  };
