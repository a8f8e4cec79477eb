import type { FunnelStep } from '@shared/admin-funnel';
import { landingVariants, variantPages } from '@shared/enums';
import { sequentialVerdict, wilsonInterval, type Sample, type Verdict } from './ab-test';
import { LeadRate, ratePercent, UndercountNote } from '../lead-rate';
import { formatNumber, money } from '../../ui/format';
import { box, Panel } from '../../ui/panel';

type Count = 'visitors' | 'leads' | 'applications' | 'placed';

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
      const page = variantPages[landingVariants[verdict.better]!];
      const p = verdict.pValue < 0.001 ? 'p < 0.001' : `p = ${verdict.pValue.toFixed(3)}`;
      return `${page} converts better (always-valid ${p}, you may stop)`;
    }
    case 'more-needed':
      return `at this rate you will need about ${formatNumber(verdict.more)} more ${unit}`;
  }
}

export function AbComparison({
  variants,
  currency,
}: {
  variants: FunnelStep[];
  currency: string | null;
}) {
  const steps = landingVariants.map((key) => variants.find((variant) => variant.key === key));
  const sides = (converted: Count, total: Count) =>
    steps.map((step) => ({ converted: step?.[converted] ?? 0, total: step?.[total] ?? 0 })) as [
      Sample,
      Sample,
    ];
  const leadRates = sides('leads', 'visitors');
  return (
    <Panel id="ab-comparison" title="A/B comparison of the landing pages" {...box}>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {landingVariants.map((key, index) => {
          const sample = leadRates[index]!;
          const step = steps[index];
          const interval = wilsonInterval(sample);
          return (
            <div key={key}>
              <dt className="text-sm font-medium text-slate-700">
                {variantPages[key]} ({key}) lead rate
              </dt>
              <dd className="text-lg font-semibold text-slate-900">
                <LeadRate
                  rate={interval?.rate ?? null}
                  undercounted={step?.visitorsUndercounted ?? false}
                />{' '}
                {interval
                  ? `(95% interval ${ratePercent(interval.low)} to ${ratePercent(interval.high)})`
                  : '(no visitors yet)'}
              </dd>
              <dd className="text-xs text-slate-700">
                {formatNumber(sample.converted)} leads of {formatNumber(sample.total)} visitors
              </dd>
              {currency && step && (
                <dd className="text-xs text-slate-700">
                  {money(step.spend ?? 0, currency)} spent, {money(step.costPerPaidLead, currency)}{' '}
                  per paid lead, {money(step.costPerPaidPlacement, currency)} per paid placement
                </dd>
              )}
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
      {steps.some((step) => step?.visitorsUndercounted) && (
        <p className="mt-3 text-xs text-slate-700">
          <UndercountNote />
        </p>
      )}
      <p className="mt-3 text-xs text-slate-600">
        An always-valid test: it may be read every day, for a range that starts on the day the test
        began. Where there is no difference, it says &ldquo;you may stop&rdquo; at most 5% of the
        time. It needs 10 conversions and 10 non-conversions on each side. A side&rsquo;s spend is
        its pages&rsquo; share and its costs are per paid lead, as in the costs table.
      </p>
    </Panel>
  );
}
