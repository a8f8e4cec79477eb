import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { adminEnv } from '../support/admin';
import { fakeClientDir, describeEachDatabase } from '../support/test-app';

/**
 * /admin on a server with a pixel id and an external questionnaire: its policy names no origin
 * but its own and its page carries no pixel id, so the client never loads Meta's script there
 * (decision 041). A public page of the same server keeps both, so the test can tell.
 */
const PIXEL_ID = '1234567890123';
const QUESTIONNAIRE_URL = 'https://forms.example.test/t/application';

const root = mkdtempSync(path.join(os.tmpdir(), 'tb-admin-privacy-'));
const clientDir = await fakeClientDir(root);
writeFileSync(
  path.join(root, 'pages', 'admin.html'),
  '<!doctype html><html><head></head><body><h1>Admin Sign In</h1></body></html>',
);
writeFileSync(
  path.join(root, 'pages.json'),
  JSON.stringify({
    pages: { '/': 'index.html', '/admin': 'admin.html' },
    notFound: '404.html',
    inlineHashes: { scripts: [], styles: [] },
  }),
);

const originsOf = (policy: string) => policy.match(/https?:\/\/[^\s;]+/g) ?? [];
const runtimeConfigOf = (html: string) =>
  JSON.parse(/<script type="application\/json"[^>]*>(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

describeEachDatabase(
  '/admin on a server with a pixel id',
  (current) => {
    it('sends a policy naming no origin but its own, and no pixel id', async () => {
      const { app } = current();
      const admin = await app.inject({ method: 'GET', url: '/admin' });
      expect(admin.statusCode).toBe(200);
      const policy = String(admin.headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      expect(originsOf(policy)).toEqual([]);
      expect(policy).not.toMatch(/facebook/);
      expect(runtimeConfigOf(admin.body)).toMatchObject({
        metaPixelId: null,
        questionnaireUrl: null,
      });
      expect(admin.body).not.toContain(PIXEL_ID);

      const home = await app.inject({ method: 'GET', url: '/' });
      expect(originsOf(String(home.headers['content-security-policy']))).toEqual(
        expect.arrayContaining(['https://connect.facebook.net', 'https://www.facebook.com']),
      );
      expect(runtimeConfigOf(home.body)).toMatchObject({ metaPixelId: PIXEL_ID });
    });
  },
  { env: { ...adminEnv, CLIENT_DIR: clientDir, META_PIXEL_ID: PIXEL_ID, QUESTIONNAIRE_URL } },
);
