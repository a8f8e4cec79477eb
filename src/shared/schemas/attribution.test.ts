import { describe, expect, it } from 'vitest';
import { landingVariants } from '../enums';
import { attributionSchema } from './attribution';
import { parsed } from '../../../tests/support/schema-messages';

/** A landing visit's attribution, every key given, as the schema keeps it. */
const visit = {
  variant: 'free_training',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'spring',
  utmTerm: 'data center jobs',
  utmContent: 'ad-1',
  referrer: 'https://search.example/',
};

describe('attributionSchema', () => {
  it('keeps page, variant, UTM parameters and referrer, trimmed, and drops unknown keys', () => {
    expect(parsed(attributionSchema, { page: ' /career ', ...visit, gclid: 'dropped' })).toEqual({
      page: '/career',
      ...visit,
    });
  });

  it.each(landingVariants)('accepts the landing variant %s', (variant) => {
    expect(parsed(attributionSchema, { variant })).toEqual({ variant });
  });

  it('is optional', () => {
    expect(parsed(attributionSchema, undefined)).toBeUndefined();
    expect(parsed(attributionSchema, {})).toEqual({});
  });

  it.each([
    ['an unknown variant', { variant: 'low_salary' }],
    ['a non-string UTM value', { utmSource: 42 }],
    ['a UTM value over 200 characters', { utmCampaign: 'x'.repeat(201) }],
    ['a referrer over 1000 characters', { referrer: `https://x.example/${'a'.repeat(1000)}` }],
    ['an fbclid over 500 characters', { fbclid: 'f'.repeat(501) }],
  ])('drops a malformed value (%s) and keeps the rest of the attribution', (_case, value) => {
    expect(parsed(attributionSchema, { page: '/career', utmSource: 'meta', ...value })).toEqual(
      'utmSource' in value ? { page: '/career' } : { page: '/career', utmSource: 'meta' },
    );
  });

  it.each([
    ['not an object', 'utm_source=google'],
    ['null', null],
  ])('drops a malformed attribution (%s) instead of failing the lead', (_case, value) => {
    expect(parsed(attributionSchema, value)).toBeUndefined();
  });
});
