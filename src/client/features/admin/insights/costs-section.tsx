import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { FunnelFigures, FunnelStep, UnmatchedSpend } from '@shared/admin-funnel';
import { toast } from '../../../lib/toast-store';
import { apiRequest, downloadFile, errorText } from '../api/http';
import { useCan } from '../api/session';
import { variantLabel } from './figures-table';
import { Select } from '../ui/select';
import { ChartFigure } from './charts/chart-figure';
import { money } from './money';
import { SpendChart } from './charts/spend-chart';

// What each campaign, source and landing page cost per lead, application, enrolment and
// placement, in one currency at a time (decision 165).

const numberFormat = new Intl.NumberFormat('en-US');

const GROUPINGS = [
  { value: 'utmCampaigns', label: 'UTM campaign' },
  { value: 'utmSources', label: 'UTM source' },
  { value: 'variants', label: 'Landing page' },
] as const;
type Grouping = (typeof GROUPINGS)[number]['value'];

const COLUMNS = [
  ['Leads', 'leads', false],
  ['Applications', 'applications', false],
  ['Enrolled', 'enrolled', false],
  ['Placed', 'placed', false],
  ['Spend', 'spend', true],
  ['Cost per lead', 'costPerLead', true],
  ['Cost per application', 'costPerApplication', true],
  ['Cost per enrolled', 'costPerEnrolled', true],
  ['Cost per placement', 'costPerPlacement', true],
] as const;
type SortField = 'key' | (typeof COLUMNS)[number][1];

const keyLabel = (grouping: Grouping, key: string | null) =>
  grouping === 'variants' ? variantLabel(key) : (key ?? '(none)');

/** Rows in the chosen order; an empty figure (null) always last. */
function sorted(rows: FunnelStep[], grouping: Grouping, field: SortField, ascending: boolean) {
  const value = (row: FunnelStep) => (field === 'key' ? keyLabel(grouping, row.key) : row[field]);
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
    return ascending ? order : -order;
  });
}

function SortHeader({
  label,
  field,
  sort,
  onSort,
  numeric,
}: {
  label: string;
  field: SortField;
  sort: { field: SortField; ascending: boolean };
  onSort(field: SortField): void;
  numeric: boolean;
}) {
  const active = sort.field === field;
  const Icon = !active ? ArrowUpDown : sort.ascending ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
      className={numeric ? 'px-2 py-1 text-right' : 'px-2 py-1'}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 rounded px-2 py-1 font-semibold focus-visible:outline-2 focus-visible:outline-accent-strong"
      >
        {label}
        <Icon className="size-4 shrink-0" aria-hidden="true" />
      </button>
    </th>
  );
}

function CostsTable({ data }: { data: FunnelFigures }) {
  const [grouping, setGrouping] = useState<Grouping>('utmCampaigns');
  const [sort, setSort] = useState<{ field: SortField; ascending: boolean }>({
    field: 'spend',
    ascending: false,
  });
  const onSort = (field: SortField) =>
    setSort((now) => ({
      field,
      ascending: now.field === field ? !now.ascending : field === 'key',
    }));
  const rows = sorted(data[grouping], grouping, sort.field, sort.ascending);
  const headerLabel = GROUPINGS.find((g) => g.value === grouping)?.label ?? '';
  return (
    <div className="grid gap-3">
      <div className="max-w-xs">
        <Select
          label="Costs per"
          value={grouping}
          onChange={(value) => setGrouping(value as Grouping)}
          options={GROUPINGS}
        />
      </div>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full text-left text-sm" data-testid="costs-table">
          <caption className="px-4 py-3 text-left font-semibold text-slate-900">
            Costs per {headerLabel.toLowerCase()}
            {data.currency ? ` (${data.currency})` : ''}
          </caption>
          <thead className="bg-slate-100 text-slate-800">
            <tr>
              <SortHeader
                label={headerLabel}
                field="key"
                sort={sort}
                onSort={onSort}
                numeric={false}
              />
              {COLUMNS.map(([label, field]) => (
                <SortHeader
                  key={field}
                  label={label}
                  field={field}
                  sort={sort}
                  onSort={onSort}
                  numeric
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length + 1} className="px-4 py-4 text-center text-slate-600">
                  No visits, leads or spend in this range.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.key ?? '(none)'}>
                  <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                    {keyLabel(grouping, row.key)}
                  </th>
                  {COLUMNS.map(([label, field, isMoney]) => (
                    <td key={label} className="px-4 py-2 text-right tabular-nums">
                      {isMoney ? money(row[field], data.currency) : numberFormat.format(row[field])}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Spend no utm_campaign matched: listed, and mapped to a utm_campaign by someone who may. */
function UnmatchedList({ unmatched, currency }: { unmatched: UnmatchedSpend[]; currency: string }) {
  const canWork = useCan('work');
  const client = useQueryClient();
  const map = useMutation({
    mutationFn: (mapping: { utmCampaign: string; source: string; campaign: string }) =>
      apiRequest('POST', '/api/admin/spend/mappings', mapping),
    onSuccess: () => client.invalidateQueries(),
    onError: (error) =>
      toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
  });
  const id = useId();
  if (unmatched.length === 0) return null;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        Unmatched spend
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        No lead's utm_campaign equals these campaigns' id or name in this range.
        {canWork && ' Name the utm_campaign their leads carry to count them.'}
      </p>
      <ul className="mt-3 grid gap-3">
        {unmatched.map((spend, index) => (
          <li key={`${spend.source}/${spend.campaign}`} className="grid gap-2 text-sm">
            <span>
              <strong>{spend.campaignName}</strong> ({spend.source}, {spend.campaign}):{' '}
              {money(spend.spend, currency)}
            </span>
            {canWork && (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  const value = new FormData(event.currentTarget).get('utmCampaign');
                  if (typeof value === 'string' && value.trim())
                    map.mutate({
                      utmCampaign: value.trim(),
                      source: spend.source,
                      campaign: spend.campaign,
                    });
                }}
              >
                <label htmlFor={`${id}-${index}`} className="sr-only">
                  utm_campaign of {spend.campaignName}
                </label>
                <input
                  id={`${id}-${index}`}
                  name="utmCampaign"
                  placeholder="utm_campaign"
                  maxLength={200}
                  className="rounded-md border border-slate-400 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent-strong"
                />
                <button
                  type="submit"
                  disabled={map.isPending}
                  className="rounded-md border border-slate-400 px-3 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-accent-strong"
                >
                  Match
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The CSV upload of spend (date,source,campaign,spend,currency). */
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
        description: `${numberFormat.format(stored)} rows stored.`,
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
    <section aria-labelledby="costs-heading" className="grid gap-4">
      <h3 id="costs-heading" className="text-lg font-semibold text-slate-900">
        Costs
      </h3>
      {canWork && <SpendUpload />}
      <div className="flex flex-wrap items-end gap-4">
        {data.currencies.length > 1 && data.currency && (
          <div className="max-w-xs">
            <Select
              label="Currency (a report never mixes two)"
              value={data.currency}
              onChange={onCurrency}
              options={data.currencies.map(({ currency }) => ({
                value: currency,
                label: currency,
              }))}
            />
          </div>
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
    </section>
  );
}
