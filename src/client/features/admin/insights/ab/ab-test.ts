import { errorFunction, probit } from 'simple-statistics';

// The landing A/B comparison: Wilson intervals and an always-valid verdict (mSPRT) to read daily.

/** Conversions (leads, applications, placements) of a total (visitors or leads). */
export interface Sample {
  converted: number;
  total: number;
}

const normalCdf = (z: number) => 0.5 * (1 + errorFunction(z / Math.SQRT2));

/** The normal quantile: probit (1.9572 for 97.5%, not 1.9600) after one Newton step on erf. */
function quantile(p: number): number {
  const guess = probit(p);
  const density = Math.exp((-guess * guess) / 2) / Math.sqrt(2 * Math.PI);
  return guess - (normalCdf(guess) - p) / density;
}

/**
 * Wilson score interval: stays in 0..1 at small counts, unlike Wald. Null without a total. More
 * conversions than the total (leads above under-counted visitors) read as all converted: the
 * rate is capped at 1 like the funnel's leadRate, so the card and the tables agree.
 */
export function wilsonInterval(
  { converted, total }: Sample,
  confidence = 0.95,
): { rate: number; low: number; high: number } | null {
  if (total <= 0) return null;
  const z = quantile(1 - (1 - confidence) / 2);
  const rate = Math.min(converted / total, 1);
  const z2n = (z * z) / total;
  const centre = (rate + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((rate * (1 - rate)) / total + z2n / (4 * total))) / (1 + z2n);
  return { rate, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** False winners stay at or under this share however often the verdict is read. */
const ALPHA = 0.05;
/** The mixing distribution's spread, in standardized effect units. */
const MIXING_SD = 0.1;
/** Below this many conversions, or non-conversions, on either side the normal model is too rough. */
const MIN_EVENTS = 10;

/** log Λ = log((1+r)^(-1/2) · exp(r·z² / (2(1+r)))), r = MIXING_SD²·n (Johari et al. 2017). */
function logLikelihoodRatio(z: number, effectiveSize: number): number {
  const r = MIXING_SD * MIXING_SD * effectiveSize;
  return (-Math.log1p(r) + (r / (1 + r)) * z * z) / 2;
}

export type Verdict =
  | { kind: 'too-few' }
  | { kind: 'no-difference-yet' }
  /** `better`: index of the side that converts better; `pValue`: always-valid, at most ALPHA. */
  | { kind: 'better'; better: 0 | 1; pValue: number }
  /** `more`: how many more of the totals (both sides, in today's split) the test needs at these rates. */
  | { kind: 'more-needed'; more: number };

/** The verdict on two rates; its p-value 1/Λ holds at every look (Ville's inequality). */
export function sequentialVerdict(a: Sample, b: Sample): Verdict {
  if (
    [a, b].some(({ converted, total }) => converted < MIN_EVENTS || total - converted < MIN_EVENTS)
  )
    return { kind: 'too-few' };
  const rateA = a.converted / a.total;
  const rateB = b.converted / b.total;
  const pooled = (a.converted + b.converted) / (a.total + b.total);
  const effectiveSize = (a.total * b.total) / (a.total + b.total);
  const effect = (rateA - rateB) / Math.sqrt(pooled * (1 - pooled));
  const z = effect * Math.sqrt(effectiveSize);
  const pValue = Math.min(1, Math.exp(-logLikelihoodRatio(z, effectiveSize)));
  if (pValue <= ALPHA) return { kind: 'better', better: rateA > rateB ? 0 : 1, pValue };
  // Within one standard error of no difference, a projection would be noise.
  if (Math.abs(z) < 1) return { kind: 'no-difference-yet' };
  // The size at which Λ, at today's rates, reaches 1/ALPHA. Past |z| = 1, Λ only grows with
  // the size, so doubling then halving the bracket finds it.
  const reaches = (size: number) =>
    logLikelihoodRatio(effect * Math.sqrt(size), size) >= Math.log(1 / ALPHA);
  let low = effectiveSize;
  let high = 2 * effectiveSize;
  while (!reaches(high)) [low, high] = [high, 2 * high];
  for (let step = 0; step < 40; step += 1) {
    const middle = (low + high) / 2;
    if (reaches(middle)) high = middle;
    else low = middle;
  }
  return { kind: 'more-needed', more: Math.ceil((a.total + b.total) * (high / effectiveSize - 1)) };
}
