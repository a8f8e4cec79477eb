import { errorFunction, probit } from 'simple-statistics';

// The landing A/B comparison (decision 116): Wilson intervals, a pooled z-test, 80% power.

/** Successes (leads) of trials (visitors). */
export interface Sample {
  leads: number;
  visitors: number;
}

const ALPHA = 0.05;
const POWER = 0.8;

/** The standard normal distribution function, from simple-statistics' error function. */
const normalCdf = (z: number) => 0.5 * (1 + errorFunction(z / Math.SQRT2));

/**
 * The standard normal quantile: simple-statistics' probit is only good to about 0.003
 * (1.9572 for 97.5%, not 1.9600); one Newton step on its own, much closer, error function
 * brings it within 1e-5, so the intervals match the published figures.
 */
function quantile(p: number): number {
  const guess = probit(p);
  const density = Math.exp((-guess * guess) / 2) / Math.sqrt(2 * Math.PI);
  return guess - (normalCdf(guess) - p) / density;
}

/** Two-sided tail probability of |z| under the standard normal. */
const twoSidedP = (z: number) => 2 * (1 - normalCdf(Math.abs(z)));

/** Wilson score interval: stays in 0..1 at small counts, unlike Wald. Null without visitors. */
export function wilsonInterval(
  { leads, visitors }: Sample,
  confidence = 0.95,
): { rate: number; low: number; high: number } | null {
  if (visitors <= 0) return null;
  const z = quantile(1 - (1 - confidence) / 2);
  const rate = Math.min(leads / visitors, 1);
  const z2n = (z * z) / visitors;
  const centre = (rate + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((rate * (1 - rate)) / visitors + z2n / (4 * visitors))) / (1 + z2n);
  return { rate, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Visitors per variant for a two-sided test at ALPHA with POWER, at rates p1 and p2. */
export function sampleSizePerVariant(p1: number, p2: number): number | null {
  if (p1 === p2) return null;
  const zAlpha = quantile(1 - ALPHA / 2);
  const zBeta = quantile(POWER);
  const mean = (p1 + p2) / 2;
  const root =
    zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zBeta * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((root * root) / ((p1 - p2) * (p1 - p2)));
}

/**
 * Pooled two-proportion z-test, with the visitors each variant needs for 80% power (null if
 * the rates are equal). Null while either has no visitors or neither a lead.
 */
export function compareRates(a: Sample, b: Sample) {
  if (a.visitors <= 0 || b.visitors <= 0) return null;
  const pooled = (a.leads + b.leads) / (a.visitors + b.visitors);
  if (pooled <= 0 || pooled >= 1) return null;
  const rateA = Math.min(a.leads / a.visitors, 1);
  const rateB = Math.min(b.leads / b.visitors, 1);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  const z = (rateA - rateB) / se;
  const pValue = twoSidedP(z);
  const neededPerVariant = sampleSizePerVariant(rateA, rateB);
  const moreVisitors =
    neededPerVariant === null
      ? null
      : Math.max(0, neededPerVariant - a.visitors) + Math.max(0, neededPerVariant - b.visitors);
  return { z, pValue, significant: pValue < ALPHA, neededPerVariant, moreVisitors };
}
