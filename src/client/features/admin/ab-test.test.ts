import { describe, expect, it } from 'vitest';
import { compareRates, sampleSizePerVariant, wilsonInterval } from './ab-test';

/*
 * Known values computed independently (Python's statistics.NormalDist, z = 1.959964; they
 * match R's prop.test(..., correct = FALSE) and the textbook sample-size tables). The
 * module refines the library's quantile (ab-test.ts), so the bounds agree to 4 decimals.
 */

describe('wilsonInterval', () => {
  it.each([
    [0, 10, 0, 0.27753],
    [1, 10, 0.01788, 0.40415],
    [50, 100, 0.40383, 0.59617],
    [30, 1000, 0.02109, 0.0425],
  ])('%i leads of %i visitors: %f to %f', (leads, visitors, low, high) => {
    const interval = wilsonInterval({ leads, visitors });
    expect(interval?.rate).toBe(leads / visitors);
    expect(interval?.low).toBeCloseTo(low, 4);
    expect(interval?.high).toBeCloseTo(high, 4);
  });

  it('has no interval without visitors', () => {
    expect(wilsonInterval({ leads: 0, visitors: 0 })).toBeNull();
  });
});

describe('compareRates', () => {
  it('15/100 against 25/100: z = -1.768, p = 0.077, not significant', () => {
    const result = compareRates({ leads: 15, visitors: 100 }, { leads: 25, visitors: 100 });
    expect(result?.z).toBeCloseTo(-1.7678, 3);
    expect(result?.pValue).toBeCloseTo(0.0771, 3);
    expect(result?.significant).toBe(false);
    // 250 per variant at 15% against 25% (the textbook figure): 150 more for each.
    expect(result?.neededPerVariant).toBeGreaterThanOrEqual(249);
    expect(result?.neededPerVariant).toBeLessThanOrEqual(251);
    expect(result?.moreVisitors).toBe(2 * (result!.neededPerVariant! - 100));
  });

  it('100/1000 against 150/1000: p = 0.0007, significant, enough visitors', () => {
    const result = compareRates({ leads: 100, visitors: 1000 }, { leads: 150, visitors: 1000 });
    expect(result?.z).toBeCloseTo(-3.3806, 3);
    expect(result?.pValue).toBeCloseTo(0.000723, 5);
    expect(result?.significant).toBe(true);
    expect(result?.moreVisitors).toBe(0);
  });

  it('cannot compare without visitors or leads on either side', () => {
    expect(compareRates({ leads: 0, visitors: 0 }, { leads: 3, visitors: 10 })).toBeNull();
    expect(compareRates({ leads: 0, visitors: 10 }, { leads: 0, visitors: 10 })).toBeNull();
  });

  it('equal rates: no sample size can be estimated', () => {
    const result = compareRates({ leads: 5, visitors: 50 }, { leads: 10, visitors: 100 });
    expect(result?.pValue).toBeCloseTo(1, 6);
    expect(result?.neededPerVariant).toBeNull();
    expect(result?.moreVisitors).toBeNull();
  });
});

describe('sampleSizePerVariant', () => {
  it.each([
    [0.1, 0.15, 686],
    [0.05, 0.06, 8158],
  ])('%f against %f: about %i per variant', (p1, p2, expected) => {
    const n = sampleSizePerVariant(p1, p2)!;
    expect(Math.abs(n - expected) / expected).toBeLessThan(0.005);
  });
});
