import { expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY } from './consent';
import { CONSENT_KEY } from './visit-beacon';

it('the beacon reads the opt-out under the consent module’s storage key', () => {
  expect(CONSENT_KEY).toBe(CONSENT_STORAGE_KEY);
});
