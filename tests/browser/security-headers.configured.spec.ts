import { expect, test } from './fixtures';
import { CONFIGURED } from './support/outside-world';
import {
  expectSecurityHeaders,
  foreignOriginsOf,
  isAdminPage,
  PAGE_PATHS,
} from './support/security-headers';

/** The configured server: META_PIXEL_ID and QUESTIONNAIRE_URL are set. */
const questionnaireOrigin = new URL(CONFIGURED.questionnaireUrl).origin;

test('every page, the not-found page and the API carry the security headers', async ({
  request,
}) => {
  await expectSecurityHeaders(request, { pixel: true, questionnaireOrigin });
});

test("public pages let in exactly Meta's pixel and the questionnaire's origin, /admin none", async ({
  request,
}) => {
  for (const path of PAGE_PATHS) {
    const policy = (await request.get(path)).headers()['content-security-policy'] ?? '';
    expect(foreignOriginsOf(policy), path).toEqual(
      isAdminPage(path)
        ? []
        : [questionnaireOrigin, 'https://connect.facebook.net', 'https://www.facebook.com'].sort(),
    );
    expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  }
});
