import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  daysIncluded,
  funnelStages,
  REPORT_MAX_DAYS,
  type FunnelFigures,
  type FunnelStageKey,
  type FunnelStep,
} from '@shared/admin-funnel';
import { DAY_MS, isCalendarDay, isoDay } from '@shared/calendar-day';
import { AbComparison } from './ab/ab-comparison';
import { CostsSection } from './costs-section';
import { FiguresTable, groupings, keyNoun, type FigureColumn } from './figures-table';
import { LeadRate, ratePercent, UndercountNote } from './lead-rate';
import { formatNumber } from '../ui/format';
import { Panel, Pending } from '../ui/panel';

const counted = (
  header: string,
  field: 'visitors' | FunnelStageKey | 'recoveredByReminders' | 'companies',
): FigureColumn<FunnelStep> => ({ header, value: (row) => formatNumber(row[field]) });
const [leads, applications, ...laterStages] = funnelStages;
/** A rate of leads or companies per visitor, marked where the visitors were under-counted. */
const rateOf = (
  header: string,
  rate: 'leadRate' | 'companyRate',
  count: 'leads' | 'companies',
): FigureColumn<FunnelStep> => ({
  header,
  value: (row) => (
    <LeadRate rate={row[rate]} undercounted={row.visitorsUndercounted && row[count] > 0} />
  ),
});

const funnelColumns: FigureColumn<FunnelStep>[] = [
  counted('Visitors', 'visitors'),
  counted(leads.label, leads.key),
  rateOf('Lead rate', 'leadRate', 'leads'),
  counted(applications.label, applications.key),
  { header: 'Application rate', value: (row) => ratePercent(row.applicationRate) },
  ...laterStages.map((stage) => counted(stage.label, stage.key)),
  { header: 'Show rate', value: (row) => ratePercent(row.showRate) },
  { header: 'Median hours to booking', value: (row) => row.medianHoursToBooking ?? '—' },
  counted('Recovered by reminders', 'recoveredByReminders'),
  counted('Companies', 'companies'),
  rateOf('Company rate', 'companyRate', 'companies'),
];

/** The Funnel section of the Overview tab, for a date range (default: the last 30 UTC days). */
export function FunnelSection() {
  const [from, setFrom] = useState(() => isoDay(Date.now() - 29 * DAY_MS));
  const [to, setTo] = useState(() => isoDay(Date.now()));
  // '': the currency most spent in the range.
  const [currency, setCurrency] = useState('');
  const id = useId();
  const errorId = `${id}-error`;
  const ordered = isCalendarDay(from) && isCalendarDay(to) && from <= to;
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
              Figures for {data.from} to {data.to} (UTC days). A visitor counts once a day per
              campaign they came with, on the page they entered. Lead rate: leads per visitor (at
              most 100%); company rate: company leads per visitor, the rate of a page for employers
              such as /companies; application rate: applications per lead.
            </p>
            <dl aria-label="Funnel stages" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {funnelStages.map((stage, index) => (
                <div key={stage.key} className="rounded-xl border border-slate-200 bg-white p-4">
                  <dt className="text-sm font-medium text-slate-700">
                    {index > 0 && <span aria-hidden="true">→ </span>}
                    {stage.label}
                  </dt>
                  <dd className="text-2xl font-semibold text-slate-900">
                    {formatNumber(data.total[stage.key])}
                  </dd>
                  <dd className="mt-1 text-xs text-slate-700">{stage.meaning}</dd>
                </div>
              ))}
            </dl>
            <p className="text-sm text-slate-700">
              Each stage counts the leads that reached at least it, so none is larger than the one
              before. The lead tabs keep the specification&rsquo;s names: &ldquo;Typeform
              Leads&rdquo; lists candidates who started through /candidates (their completed
              questionnaire is an application), &ldquo;Candidates&rdquo; lists full /apply
              applications; both count as {applications.label} here.
            </p>
            <AbComparison variants={data.variants} currency={data.currency} />
            {groupings.map((by) => (
              <FiguresTable
                key={by}
                caption={`Funnel per ${keyNoun(by)}`}
                by={by}
                columns={funnelColumns}
                rows={data[by]}
                empty="No visits or leads in this range."
                note={data[by].some((row) => row.visitorsUndercounted) && <UndercountNote />}
                unlisted={{ ...data.unlisted[by], currency: data.currency }}
              />
            ))}
            <CostsSection data={data} onCurrency={setCurrency} />
          </>
        )}
      </div>
    </Panel>
  );
}
