import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '../../lib/zod-resolver';
import { toast } from '../../lib/toast-store';
import type { ToastInput } from '../../lib/toast-store';

interface LeadFormOptions<Schema extends z.ZodType<FieldValues, FieldValues>> {
  /** The shared schema of this form (src/shared/schemas). */
  schema: Schema;
  defaultValues: DefaultValues<z.input<Schema>>;
  /** Sends the lead; must reject on any failure (postJson does). */
  submit: (values: z.output<Schema>) => Promise<unknown>;
  /** Runs after the server answered OK: toasts, session keys, navigation. */
  onSuccess: (values: z.output<Schema>) => void;
  /** The spec's failure toast for this form. */
  failureToast: ToastInput;
}

/**
 * The behaviour every lead form shares (spec sections 4 and 5): validate on submit first and
 * re-validate on change, a submitting flag while the request runs, the failure toast on any
 * error and the form left as it was, so the visitor can simply submit again.
 */
export function useLeadForm<Schema extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  submit,
  onSuccess,
  failureToast,
}: LeadFormOptions<Schema>) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit(values);
    } catch {
      toast(failureToast);
      return;
    }
    onSuccess(values);
  });
  return { form, onSubmit, submitting: form.formState.isSubmitting };
}
