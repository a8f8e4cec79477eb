import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DAY_MS, isoDay } from '@shared/calendar-day';
import { funnelStages, type FunnelFigures, type FunnelStep } from '@shared/admin-funnel';
import { formatNumber, money } from '../ui/format';
import { Panel, Pending } from '../ui/panel';

/** This week (its Monday, UTC, to now) and last week to the same moment: like against like. */
export function weekRanges(now: number) {
  const monday = now - ((new Date(now).getUTCDay() + 6) % 7) * DAY_MS;
  const before = new Date(now - 7 * DAY_MS).toISOString();
  return {
    thisWeek: { from: isoDay(monday), to: isoDay(now) },
    lastWeek: { from: isoDay(monday - 7 * DAY_MS), to: isoDay(now - 7 * DAY_MS), before },
  };
}

/** The funnel of a range, as the Funnel section asks for it (the same cache entry for a range). */
const useFunnel = (range: Record<string, string>) =>
  useQuery<FunnelFigures>({ queryKey: [`/api/admin/funnel?${new URLSearchParams(range)}`] });

// Calls and enrolment are in the funnel below.
const OUTCOMES = funnelStages.filter((stage) => !('call' in stage) && stage.key !== 'enrolled');
const PLACED = funnelStages.find((stage) => stage.key === 'placed')!;

/** A figure, or the dash of none, which a screen reader reads as "none". */
function Figure({ text }: { text: string }) {
  if (text !== '—') return text;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </>
  );
}

/** The change in words: "3 more than last week (+33%)". */
function countChange(now: number, before: number): string {
  if (now === before) return 'Same as last week';
  const percent =
    before === 0
      ? ''
      : ` (${now > before ? '+' : ''}${Math.round(((now - before) / before) * 100)}%)`;
  return `${formatNumber(Math.abs(now - before))} ${now > before ? 'more' : 'fewer'} than last week${percent}`;
}

function costChange(now: FunnelStep, before: FunnelStep): string | null {
  const [current, previous] = [now.costPerPlacement, before.costPerPlacement];
  if (current === null || previous === null || now.currency !== before.currency) return null;
  if (current === previous) return 'Same as last week';
  return `${money(Math.abs(current - previous), now.currency)} ${current > previous ? 'more' : 'less'} than last week`;
}

function Card({
  label,
  now,
  before,
  change,
}: {
  label: string;
  now: string;
  before: string;
  change: string | null;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold text-slate-900">
        <Figure text={now} />
        <span className="sr-only"> this week,</span>
      </dd>
      <dd className="mt-1 text-sm text-slate-700">
        <Figure text={before} /> same days last week
      </dd>
      {change && <dd className="mt-1 text-xs text-slate-600">{change}</dd>}
    </div>
  );
}

export function OutcomeCards() {
  const [{ thisWeek, lastWeek }] = useState(() => weekRanges(Date.now()));
  const current = useFunnel(thisWeek);
  const previous = useFunnel(lastWeek);
  const [now, before] = [current.data?.total, previous.data?.total];
  return (
    <Panel id="outcomes" title="This week against last">
      <p className="text-sm text-slate-700">
        This week: {thisWeek.from} to now; the same days last week: {lastWeek.from} to{' '}
        {lastWeek.before.replace('T', ' ').slice(0, 16)} (UTC). Each figure counts the week&rsquo;s
        leads that reached at least that stage; the cost per placement is the week&rsquo;s spend on
        candidates (matched campaigns&rsquo;, not unmatched spend nor a campaign that brought only
        company leads; last week&rsquo;s last day pro rata, to the same hour) per lead of the week
        placed.
      </p>
      {!now || !before ? (
        <Pending
          failed={current.isError || previous.isError}
          failure="This week's figures could not be loaded."
        />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {OUTCOMES.map(({ key, label }) => (
            <Card
              key={key}
              label={label}
              now={formatNumber(now[key])}
              before={formatNumber(before[key])}
              change={countChange(now[key], before[key])}
            />
          ))}
          <Card
            label={PLACED.costLabel}
            now={money(now.costPerPlacement, now.currency)}
            before={money(before.costPerPlacement, before.currency)}
            change={costChange(now, before)}
          />
        </dl>
      )}
    </Panel>
  );
}
