import { useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { FunnelFigures, FunnelStep } from '@shared/admin-funnel';
import { Select } from '../ui/controls';
import { variantLabel } from './figures-table';
import { money } from './money';
import { formatNumber } from '../ui/format';

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

export function CostsTable({ data }: { data: FunnelFigures }) {
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
      <Select
        label="Costs per"
        value={grouping}
        onChange={(value) => setGrouping(value as Grouping)}
        options={GROUPINGS}
        className="max-w-xs"
      />
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
                      {isMoney ? money(row[field], data.currency) : formatNumber(row[field])}
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
