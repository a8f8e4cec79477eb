import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SPEND_TEMPLATE_URL } from '@shared/admin-funnel';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast-store';
import { errorText, requestJson } from '../api/http';
import { formatNumber } from '../ui/format';

const TemplateLink = () => (
  <a href={SPEND_TEMPLATE_URL} download className="font-medium text-accent-strong underline">
    the template
  </a>
);

export function SpendUpload() {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState('');
  const upload = useMutation({
    mutationFn: (csv: Blob) => requestJson<{ stored: number }>('POST', '/api/admin/spend', csv),
    onSuccess: ({ stored }) => {
      setProblem('');
      if (input.current) input.current.value = '';
      toast({ title: 'Spend uploaded', description: `${formatNumber(stored)} rows stored.` });
      return client.invalidateQueries();
    },
    onError: (error) =>
      setProblem(
        errorText(error, error instanceof ApiError ? `Upload failed (${error.status})` : undefined),
      ),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const file = input.current?.files?.[0];
        // As text/csv whatever the system calls a .csv file (Windows: application/vnd.ms-excel).
        if (file) upload.mutate(file.slice(0, file.size, 'text/csv'));
        else setProblem('Choose a CSV file first.');
      }}
    >
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Spend CSV (date,source,campaign,spend,currency)
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          className="text-sm"
        />
      </div>
      <Button type="submit" variant="dark" size="sm" aria-disabled={upload.isPending}>
        Upload spend
      </Button>
      <p id={`${id}-hint`} className="w-full text-sm text-slate-700">
        Fill in <TemplateLink />, or upload Meta Ads Manager&apos;s export of campaigns by day (Day,
        Campaign name, Amount spent) as it is.
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-800">
          {problem.replace(/[^.]$/, '$&.')} Compare it with <TemplateLink />.
        </p>
      )}
    </form>
  );
}
