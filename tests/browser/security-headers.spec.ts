import { expect, test } from './fixtures';
import {
  API_PATH,
  expectSecurityHeaders,
  foreignOriginsOf,
  NOTHING_FOREIGN,
  PAGE_PATHS,
} from './support/security-headers';

/** The default server: no pixel id, the built-in questionnaire. */

test('every page, the not-found page and the API carry the security headers', async ({
  request,
}) => {
  await expectSecurityHeaders(request, NOTHING_FOREIGN);
});

test('without a pixel or an external questionnaire no policy names a foreign origin', async ({
  request,
}) => {
  for (const path of [...PAGE_PATHS, API_PATH]) {
    const policy = (await request.get(path)).headers()['content-security-policy'] ?? '';
    expect(policy, path).not.toBe('');
    expect(foreignOriginsOf(policy), path).toEqual([]);
    expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  }
});
