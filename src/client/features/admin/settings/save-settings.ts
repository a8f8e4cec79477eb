import type { FormEvent } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast, type ToastInput } from '../../../lib/toast-store';
import { apiRequest, errorText, fieldMessages } from '../api/http';
import { adminToasts } from '../ui/admin-toasts';

/** Saves a settings form with PUT `url` (the document its GET reads); a 400 marks its fields. */
export function useSaveSettings<Values extends FieldValues>(
  url: string,
  form: UseFormReturn<Values>,
  saved: ToastInput,
  failure: string,
) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: async (values: Values) =>
      (await (await apiRequest('PUT', url, values)).json()) as Values,
    onSuccess: (answer) => {
      client.setQueryData([url], answer);
      form.reset(answer);
      toast(saved);
    },
    onError: (error) => {
      Object.entries(fieldMessages(error)).forEach(([name, message], index) =>
        form.setError(name as FieldPath<Values>, { message }, { shouldFocus: index === 0 }),
      );
      toast(adminToasts.error(errorText(error, failure)));
    },
  });
  const submit = form.handleSubmit((values) => {
    if (!save.isPending) save.mutate(values);
  });
  return { pending: save.isPending, onSubmit: (event: FormEvent) => void submit(event) };
}
