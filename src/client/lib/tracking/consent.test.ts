import { describe, expect, it } from 'vitest';
import { consentBannerNeeded, consentSignal, pixelAllowed, type PrivacyState } from './consent';

const base: PrivacyState = {
  pixelId: '1234567890123',
  consentMode: 'notice',
  gpc: false,
  choice: null,
};

describe('pixelAllowed', () => {
  it('notice mode tracks until the visitor opts out', () => {
    expect(pixelAllowed(base)).toBe(true);
    expect(pixelAllowed({ ...base, choice: 'denied' })).toBe(false);
  });

  it('opt-in mode tracks only after an explicit yes', () => {
    const optIn = { ...base, consentMode: 'opt-in' } as const;
    expect(pixelAllowed(optIn)).toBe(false);
    expect(pixelAllowed({ ...optIn, choice: 'denied' })).toBe(false);
    expect(pixelAllowed({ ...optIn, choice: 'granted' })).toBe(true);
  });

  it('Global Privacy Control and a missing pixel id win over any choice', () => {
    for (const consentMode of ['notice', 'opt-in'] as const) {
      expect(pixelAllowed({ ...base, consentMode, gpc: true, choice: 'granted' })).toBe(false);
      expect(pixelAllowed({ ...base, consentMode, pixelId: null, choice: 'granted' })).toBe(false);
    }
  });
});

describe('consentBannerNeeded', () => {
  const optIn = { ...base, consentMode: 'opt-in' } as const;
  it('asks in opt-in mode while the question is unanswered', () => {
    expect(consentBannerNeeded(optIn)).toBe(true);
    expect(consentBannerNeeded({ ...optIn, choice: 'granted' })).toBe(false);
    expect(consentBannerNeeded({ ...optIn, choice: 'denied' })).toBe(false);
  });

  it('never asks in notice mode, under GPC or without a pixel', () => {
    expect(consentBannerNeeded(base)).toBe(false);
    expect(consentBannerNeeded({ ...optIn, gpc: true })).toBe(false);
    expect(consentBannerNeeded({ ...optIn, pixelId: null })).toBe(false);
  });
});

describe('consentSignal: what a form tells the server for its Meta events', () => {
  it('follows the pixel rule, without needing a pixel id', () => {
    expect(consentSignal({ ...base, pixelId: null })).toBe('granted');
    expect(consentSignal({ ...base, choice: 'denied' })).toBe('denied');
    expect(consentSignal({ ...base, consentMode: 'opt-in' })).toBe('denied');
    expect(consentSignal({ ...base, consentMode: 'opt-in', choice: 'granted' })).toBe('granted');
  });

  it('says gpc whenever the browser sends Global Privacy Control', () => {
    expect(consentSignal({ ...base, gpc: true, choice: 'granted' })).toBe('gpc');
  });
});
