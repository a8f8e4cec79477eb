import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  daysIncluded,
  REPORT_MAX_DAYS,
  type FunnelFigures,
  type FunnelStep,
} from '@shared/admin-funnel';
import { sequentialVerdict, wilsonInterval, type Sample, type Verdict } from './ab-test';
import { CostsSection } from './costs-section';
import { FiguresTables, VARIANTS, type Figures } from './figures-table';
import { formatNumber } from '../ui/format';
import { box, Panel, Pending } from '../ui/panel';

const ratePercent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const funnelFigures: Figures<FunnelStep> = {
  titles: {
    variants: 'Funnel per landing page',
    utmSources: 'Funnel per UTM source',
    utmCampaigns: 'Funnel per UTM campaign',
  },
  empty: 'No visits or leads in this range.',
  columns: (
    [
      ['Visitors', 'visitors'],
      ['Leads', 'leads'],
      ['Lead rate', 'leadRate'],
      ['Applications', 'applications'],
      ['Application rate', 'applicationRate'],
      ['Recovered by reminders', 'recoveredByReminders'],
    ] as const
  ).map(([header, field]) => ({
    header,
    value: (row) =>
      field.endsWith('Rate') ? ratePercent(row[field]) : formatNumber(row[field] ?? 0),
  })),
};

type Count = 'visitors' | 'leads' | 'applications' | 'placed';

/** The rates the A/B test compares: what converts, out of what. */
const COMPARISONS = [
  { label: 'Lead rate (leads per visitor)', converted: 'leads', total: 'visitors' },
  { label: 'Application rate (applications per lead)', converted: 'applications', total: 'leads' },
  { label: 'Placement rate (placed per lead)', converted: 'placed', total: 'leads' },
] as const;

/** The verdict in words; `unit` names what more of is needed. */
function verdictText(verdict: Verdict, unit: string): string {
  switch (verdict.kind) {
    case 'too-few':
      return 'too few to say';
    case 'no-difference-yet':
      return 'no difference yet';
    case 'better': {
      // The page of the label "/training (high_salary)".
      const page = VARIANTS[verdict.better].label.split(' ')[0];
      const p = verdict.pValue < 0.001 ? 'p < 0.001' : `p = ${verdict.pValue.toFixed(3)}`;
      return `${page} converts better (always-valid ${p}, you may stop)`;
    }
    case 'more-needed':
      return `at this rate you will need about ${formatNumber(verdict.more)} more ${unit}`;
  }
}

function AbComparison({ variants }: { variants: FunnelStep[] }) {
  const steps = VARIANTS.map(({ key }) => variants.find((variant) => variant.key === key));
  const sides = (converted: Count, total: Count) =>
    steps.map((step) => ({ converted: step?.[converted] ?? 0, total: step?.[total] ?? 0 })) as [
      Sample,
      Sample,
    ];
  const leadRates = sides('leads', 'visitors');
  return (
    <Panel id="ab-comparison" title="A/B comparison of the landing pages" {...box}>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {VARIANTS.map((variant, index) => {
          const sample = leadRates[index]!;
          const interval = wilsonInterval(sample);
          return (
            <div key={variant.key}>
              <dt className="text-sm font-medium text-slate-700">{variant.label} lead rate</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {interval
                  ? `${ratePercent(interval.rate)} (95% interval ${ratePercent(interval.low)} to ${ratePercent(interval.high)})`
                  : '— (no visitors yet)'}
              </dd>
              <dd className="text-xs text-slate-600">
                {formatNumber(sample.converted)} leads of {formatNumber(sample.total)} visitors
              </dd>
            </div>
          );
        })}
      </dl>
      <dl className="mt-4 grid gap-2 text-sm">
        {COMPARISONS.map(({ label, converted, total }) => (
          <div key={converted} className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-700">{label}:</dt>
            <dd data-testid={`ab-verdict-${converted}`} className="text-slate-900">
              {verdictText(sequentialVerdict(...sides(converted, total)), total)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        An always-valid test: it may be read every day, for a range that starts on the day the test
        began. Where there is no difference, it says &ldquo;you may stop&rdquo; at most 5% of the
        time. It needs 10 conversions and 10 non-conversions on each side.
      </p>
    </Panel>
  );
}

/** The Funnel section of the Overview tab, for a date range (default: the last 30 UTC days). */
export function FunnelSection() {
  const [from, setFrom] = useState(() => isoDay(Date.now() - 29 * DAY_MS));
  const [to, setTo] = useState(() => isoDay(Date.now()));
  // '': the currency most spent in the range.
  const [currency, setCurrency] = useState('');
  const id = useId();
  const errorId = `${id}-error`;
  const ordered = DAY_PATTERN.test(from) && DAY_PATTERN.test(to) && from <= to;
  // The server refuses a wider range (two years).
  const valid = ordered && daysIncluded(from, to) <= REPORT_MAX_DAYS;
  // The last figures stay on screen while a new range loads.
  const funnel = useQuery<FunnelFigures>({
    queryKey: [
      `/api/admin/funnel?${new URLSearchParams({ from, to, ...(currency && { currency }) })}`,
    ],
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const data = funnel.data;
  return (
    <Panel id="funnel" title="Funnel" className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4">
        {(
          [
            ['From (UTC day)', from, setFrom, { max: to }],
            ['To (UTC day, included)', to, setTo, { min: from }],
          ] as const
        ).map(([label, value, onChange, bounds], index) => (
          <div key={label} className="grid gap-1.5">
            <label htmlFor={`${id}-${index}`} className="text-sm font-medium text-slate-800">
              {label}
            </label>
            <input
              id={`${id}-${index}`}
              type="date"
              value={value}
              {...bounds}
              onChange={(event) => onChange(event.target.value)}
              aria-describedby={valid ? undefined : errorId}
              aria-invalid={!valid}
              className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-strong"
            />
          </div>
        ))}
        {!valid && (
          <p id={errorId} role="alert" className="text-sm text-red-800">
            {ordered
              ? 'Choose a range of at most two years.'
              : 'Choose two dates, the first not after the second.'}
          </p>
        )}
      </div>
      <div aria-busy={funnel.isFetching} className="grid gap-6">
        {!data ? (
          (valid || funnel.isError) && (
            <Pending failed={funnel.isError} failure="The funnel could not be loaded." />
          )
        ) : (
          <>
            <p role="status" className="text-sm text-slate-700">
              Figures for {data.from} to {data.to} (UTC days). A visitor counts once a day per page
              and campaign. Lead rate: leads per visitor; application rate: applications per lead.
            </p>
            <AbComparison variants={data.variants} />
            <FiguresTables figures={funnelFigures} data={data} />
            <CostsSection data={data} onCurrency={setCurrency} />
          </>
        )}
      </div>
    </Panel>
  );
}
