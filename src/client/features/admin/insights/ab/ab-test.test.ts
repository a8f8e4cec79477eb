import { describe, expect, it } from 'vitest';
import { sequentialVerdict, wilsonInterval, type Sample } from './ab-test';

/*
 * Known values computed independently: the Wilson bounds with Python's statistics.NormalDist
 * (z = 1.959964; they match R's prop.test(..., correct = FALSE)); the mSPRT's Λ by numerical
 * integration of its definition (scipy's quad over the N(0, τ²) mixture of the normal
 * likelihood ratios of the rate difference, τ² = 0.01·p(1-p)), not by its closed form.
 */

const sample = (converted: number, total: number): Sample => ({ converted, total });

describe('wilsonInterval', () => {
  it.each([
    [0, 10, 0, 0.27753],
    [1, 10, 0.01788, 0.40415],
    [50, 100, 0.40383, 0.59617],
    [30, 1000, 0.02109, 0.0425],
  ])('%i of %i: %f to %f', (converted, total, low, high) => {
    const interval = wilsonInterval(sample(converted, total));
    expect(interval?.rate).toBe(converted / total);
    expect(interval?.low).toBeCloseTo(low, 4);
    expect(interval?.high).toBeCloseTo(high, 4);
  });

  it('caps at 100% where conversions exceed the total (visitors under-counted), as the tables do', () => {
    // 3 leads of 1 counted visitor: the figure of 1 of 1, never 300%.
    const interval = wilsonInterval(sample(3, 1));
    expect(interval).toEqual(wilsonInterval(sample(1, 1)));
    expect(interval).toMatchObject({ rate: 1, high: 1 });
    expect(interval?.low).toBeCloseTo(0.20654, 4);
  });

  it('has no interval without a total', () => {
    expect(wilsonInterval(sample(0, 0))).toBeNull();
  });
});

describe('sequentialVerdict', () => {
  it('200/1000 against 260/1000: Λ = 28.19, the second converts better at p = 0.0355', () => {
    expect(sequentialVerdict(sample(200, 1000), sample(260, 1000))).toEqual({
      kind: 'better',
      better: 1,
      pValue: expect.closeTo(0.035472, 5),
    });
    expect(sequentialVerdict(sample(260, 1000), sample(200, 1000))).toMatchObject({ better: 0 });
  });

  it.each([
    // Λ = 9.167: p = 0.109; at these rates Λ reaches 20 at 1.2315 times the sample.
    [sample(50, 500), sample(80, 500), 232],
    // Λ = 2.034: p = 0.492; 2.4056 times the sample.
    [sample(120, 1000), sample(150, 1000), 2812],
    // Unequal sides, Λ = 5.515; 1.4412 times the sample.
    [sample(30, 300), sample(45, 250), 243],
  ])('%o against %o: about %i more', (a, b, more) => {
    expect(sequentialVerdict(a, b)).toEqual({ kind: 'more-needed', more });
  });

  it('the estimate holds: at that many more, in the same split and rates, it stops', () => {
    const [a, b] = [sample(50, 500), sample(80, 500)];
    const verdict = sequentialVerdict(a, b);
    const grown = verdict.kind === 'more-needed' ? 1 + verdict.more / (a.total + b.total) : 1;
    const scaled = (side: Sample) => sample(side.converted * grown, side.total * grown);
    expect(sequentialVerdict(scaled(a), scaled(b))).toMatchObject({ kind: 'better', better: 1 });
  });

  it('says no difference yet within one standard error of none', () => {
    expect(sequentialVerdict(sample(100, 1000), sample(100, 1000))).toEqual({
      kind: 'no-difference-yet',
    });
    // z = -0.94
    expect(sequentialVerdict(sample(100, 1000), sample(113, 1000))).toEqual({
      kind: 'no-difference-yet',
    });
  });

  it.each([
    [sample(9, 1000), sample(50, 1000)],
    [sample(50, 1000), sample(9, 1000)],
    [sample(50, 59), sample(50, 1000)],
    [sample(12, 0), sample(30, 100)],
  ])('too few to say below 10 conversions or non-conversions a side: %o, %o', (a, b) => {
    expect(sequentialVerdict(a, b)).toEqual({ kind: 'too-few' });
  });
});

/** mulberry32: a small seeded generator, so every run of the simulation is the same. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Experiments with `runs` seeds: each side gets 100 visitors a day for 100 days, converting at
 * its rate; the verdict is read every day. Counts the runs stopped for each side, and the runs
 * a daily fixed-sample z-test (|z| > 1.96, decision 166) would have stopped.
 */
function simulate(rateA: number, rateB: number, runs = 1000) {
  const random = seeded(166);
  const stopped: [number, number] = [0, 0];
  let peekingZTest = 0;
  for (let run = 0; run < runs; run += 1) {
    const a = sample(0, 0);
    const b = sample(0, 0);
    let winner: 0 | 1 | null = null;
    let zTestStopped = false;
    for (let day = 0; day < 100; day += 1) {
      for (let visitor = 0; visitor < 100; visitor += 1) {
        a.converted += random() < rateA ? 1 : 0;
        b.converted += random() < rateB ? 1 : 0;
      }
      a.total += 100;
      b.total += 100;
      const pooled = (a.converted + b.converted) / (a.total + b.total);
      const z =
        (a.converted / a.total - b.converted / b.total) /
        Math.sqrt((pooled * (1 - pooled) * 2) / a.total);
      zTestStopped ||= Math.abs(z) > 1.96;
      const verdict = sequentialVerdict(a, b);
      if (winner === null && verdict.kind === 'better') winner = verdict.better;
    }
    if (winner !== null) stopped[winner] += 1;
    if (zTestStopped) peekingZTest += 1;
  }
  return { stopped, peekingZTest, runs };
}

describe('reading the verdict every day (seeded simulation)', () => {
  it('keeps false winners at or under 5% where there is no difference', () => {
    const { stopped, peekingZTest, runs } = simulate(0.1, 0.1);
    expect((stopped[0] + stopped[1]) / runs).toBeLessThanOrEqual(0.05);
    // The fixed-sample test read daily would declare a winner far more often.
    expect(peekingZTest / runs).toBeGreaterThan(0.2);
  });

  it('finds a real difference (10% against 13%), and the right side', () => {
    const { stopped, runs } = simulate(0.1, 0.13, 300);
    expect(stopped[1] / runs).toBeGreaterThan(0.9);
    expect(stopped[0]).toBe(0);
  });
});
