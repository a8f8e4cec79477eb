import { expect } from '@playwright/test';

/**
 * What every lead form sends beside the spec's payload (decision 110): the submission's event
 * id, which the pixel's Lead shares, and the visitor's consent (granted: the tests' visitors
 * neither send GPC nor opt out). The spec's own fields are still compared exactly.
 */
export const besideSpec = {
  eventId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  consent: 'granted',
};
