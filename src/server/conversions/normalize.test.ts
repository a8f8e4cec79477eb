import { describe, expect, it } from 'vitest';
import { hashed, normalizeEmail, normalizeName, normalizePhone } from './normalize';

// The examples of Meta's "Customer Information Parameters" page (Conversions API).
describe("Meta's normalisation, checked against its documented examples", () => {
  it('em: trimmed and lower-cased, then SHA-256', () => {
    expect(normalizeEmail('  John_Smith@gmail.com ')).toBe('john_smith@gmail.com');
    expect(hashed(normalizeEmail('John_Smith@gmail.com'))).toBe(
      '62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f',
    );
  });

  it('ph: digits only with the country code; a US number without one gets 1', () => {
    expect(normalizePhone('(650)555-1212')).toBe('16505551212');
    expect(hashed(normalizePhone('(650)555-1212'))).toBe(
      'e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176',
    );
    expect(normalizePhone('+1 (650) 555-1212')).toBe('16505551212');
    expect(normalizePhone('1-650-555-1212')).toBe('16505551212');
    expect(normalizePhone('+44 844 412 4653')).toBe('448444124653');
    expect(normalizePhone('0044 844 412 4653')).toBe('448444124653');
    expect(normalizePhone('')).toBeUndefined();
    expect(normalizePhone('n/a')).toBeUndefined();
  });

  it('fn / ln: lower case, no punctuation, UTF-8 letters kept', () => {
    expect(hashed(normalizeName('Mary'))).toBe(
      '6915771be1c5aa0c886870b6951b03d7eafc121fea0e80a5ea83beb7c449f4ec',
    );
    expect(hashed(normalizeName('정'))).toBe(
      '8fa8cd9c440be61d0151429310034083132b35975c4bea67fdd74158eb51db14',
    );
    expect(normalizeName(' Valéry ')).toBe('valéry');
    expect(hashed(normalizeName('Valéry'))).toBe(
      '08e1996b5dd49e62a4b4c010d44e4345592a863bb9f8e3976219bac29417149c',
    );
    expect(normalizeName("O'Brien.")).toBe('obrien');
    expect(normalizeName('  ')).toBeUndefined();
  });
});
