import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FunnelFigures } from '@shared/admin-funnel';
import { toast } from '../../../lib/toast-store';
import { downloadFile } from '../api/http';
import { useCan } from '../api/session';
import { Select } from '../ui/controls';
import { ChartFigure } from './charts/chart-figure';
import { SpendChart } from './charts/spend-chart';
import { CostsTable } from './costs-table';
import { money } from './money';
import { UnmatchedList } from './unmatched-spend';
import { formatNumber } from '../ui/format';
import { Panel } from '../ui/panel';

function SpendUpload() {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState('');
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const response = await fetch('/api/admin/spend', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'text/csv' },
        body: await file.text(),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; stored?: number };
      if (!response.ok) throw new Error(body.error ?? `Upload failed (${response.status})`);
      return body.stored ?? 0;
    },
    onSuccess: (stored) => {
      setProblem('');
      if (input.current) input.current.value = '';
      toast({
        title: 'Spend uploaded',
        description: `${formatNumber(stored)} rows stored.`,
      });
      return client.invalidateQueries();
    },
    onError: (error) => setProblem(error.message),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const file = input.current?.files?.[0];
        if (file) upload.mutate(file);
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
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="text-sm"
        />
      </div>
      <button
        type="submit"
        disabled={upload.isPending}
        className="rounded-md bg-accent-strong px-3 py-1.5 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
      >
        Upload spend
      </button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-800">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The Funnel's costs: upload, currency, table, weekly chart, unmatched spend, CSV. */
export function CostsSection({
  data,
  onCurrency,
}: {
  data: FunnelFigures;
  onCurrency(currency: string): void;
}) {
  const canWork = useCan('work');
  const csvUrl = `/api/admin/funnel.csv?${new URLSearchParams({
    from: data.from,
    to: data.to,
    ...(data.currency ? { currency: data.currency } : {}),
  })}`;
  return (
    <Panel id="costs" title="Costs" level={3} className="grid gap-4" titleClassName="text-lg">
      {canWork && <SpendUpload />}
      <div className="flex flex-wrap items-end gap-4">
        {data.currencies.length > 1 && data.currency && (
          <Select
            label="Currency (a report never mixes two)"
            value={data.currency}
            onChange={onCurrency}
            options={data.currencies.map(({ currency }) => ({ value: currency, label: currency }))}
            className="max-w-xs"
          />
        )}
        <button
          type="button"
          onClick={() => downloadFile(csvUrl)}
          className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-strong"
        >
          Download the funnel as CSV
        </button>
      </div>
      {data.currency === null && (
        <p className="text-sm text-slate-700">
          No ad spend in this range: costs show once spend is pulled or uploaded.
        </p>
      )}
      <CostsTable data={data} />
      {data.currency && (
        <>
          <ChartFigure
            caption={`Spend and placements per week (${data.currency}; a lead counts in the week it arrived)`}
            chart={<SpendChart weeks={data.weeks} currency={data.currency} />}
            tableToggle="Show the weeks as a table"
            headers={['Week of', 'Spend', 'Placements']}
            rows={data.weeks.map((week) => ({
              key: week.week,
              cells: [week.week, money(week.spend, data.currency), week.placed],
            }))}
          />
          <UnmatchedList unmatched={data.unmatchedSpend} currency={data.currency} />
        </>
      )}
    </Panel>
  );
}
