import type { FormEvent } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandedOver } from '@shared/admin-accounts';
import { toast } from '../../../lib/toast-store';
import { handedOverText, TAKEN_UP } from '../api/accounts';
import { errorText, fieldMessages, requestJson } from '../api/http';
import { adminToasts } from '../ui/admin-toasts';

/** Saves a settings form (`what` it holds, lower case) with PUT `url`; a 400 marks its fields. */
export function useSaveSettings<Values extends FieldValues>(
  url: string,
  form: UseFormReturn<Values>,
  what: string,
) {
  const client = useQueryClient();
  const save = useMutation({
    // Beside the document: the calls needing a host that saved hours let a host take up.
    mutationFn: (values: Values) =>
      requestJson<Values & { calls?: HandedOver }>('PUT', url, values),
    onSuccess: ({ calls, ...answer }) => {
      client.setQueryData([url], answer);
      form.reset(answer as Values);
      const takenUp = calls?.moved ? handedOverText(calls, TAKEN_UP) : undefined;
      toast(adminToasts.settingsSaved(what, takenUp));
    },
    onError: (error) => {
      Object.entries(fieldMessages(error)).forEach(([name, message], index) =>
        form.setError(name as FieldPath<Values>, { message }, { shouldFocus: index === 0 }),
      );
      toast(adminToasts.error(errorText(error, `Failed to save the ${what}`)));
    },
  });
  const submit = form.handleSubmit((values) => {
    if (!save.isPending) save.mutate(values);
  });
  const formProps = {
    noValidate: true,
    onSubmit: (event: FormEvent) => void submit(event),
    className: 'grid gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
  };
  return { pending: save.isPending, formProps };
}
