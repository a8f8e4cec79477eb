import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it, vi } from 'vitest';
import { adminEnv, seedCandidate, signIn } from '../support/admin';
import { newAccount } from '../support/accounts';
import { guardedReads } from '../support/openapi';
import { startLocalSmtp } from '../support/smtp';
import { describeEachDatabase } from '../support/test-app';

/*
 * HEAD is GET without its body (issue 40, decision 156): it is checked and audited as GET, so a
 * viewer's HEAD tells nothing GET refuses it (a lead by its length, a count by X-Total-Count),
 * and an export asked for with HEAD is in the audit log.
 */

// Two invited accounts, each hashed at the real scrypt cost.
vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const ask = (app: FastifyInstance, method: 'GET' | 'HEAD', url: string, cookie?: string) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {} });

describeEachDatabase(
  'HEAD on the admin routes',
  (current) => {
    it('refuses with HEAD whatever it refuses with GET, to anonymous, a viewer and a recruiter', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const viewer = await newAccount(app, smtp, owner, 'viewer');
      const recruiter = await newAccount(app, smtp, owner, 'recruiter');
      const lead = await seedCandidate(current(), 'regular');
      const urls = await guardedReads(app, lead.id);
      expect(urls.length).toBeGreaterThan(20);

      let refusals = 0;
      for (const [who, cookie] of [
        ['anonymous', undefined],
        ['viewer', viewer.cookie],
        ['recruiter', recruiter.cookie],
      ] as const) {
        for (const url of urls) {
          const get = await ask(app, 'GET', url, cookie);
          const head = await ask(app, 'HEAD', url, cookie);
          expect(head.statusCode, `${who} HEAD ${url}`).toBe(get.statusCode);
          if (get.statusCode !== 401 && get.statusCode !== 403) continue;
          refusals++;
          // The refusal's own length, and no count of what was refused.
          expect(head.headers['content-length'], `${who} HEAD ${url}`).toBe(
            get.headers['content-length'],
          );
          expect(head.headers['x-total-count'], `${who} HEAD ${url}`).toBeUndefined();
        }
      }
      // Every read is refused to anonymous; the viewer's and recruiter's refusals too.
      expect(refusals).toBeGreaterThan(urls.length + 5);
    });

    it("tells a viewer nothing of a person's record, nor the audit log's count", async () => {
      const { app } = current();
      const owner = await signIn(app);
      const viewer = await newAccount(app, smtp, owner, 'viewer');
      const lead = await seedCandidate(current(), 'regular');
      const stranger = 'nobody-at-all@example.com';
      const lengths = [];
      for (const email of [lead.email, stranger]) {
        // The lookup is a POST (the address in its body): no HEAD or GET answers it.
        const url = `/api/admin/data-subject?email=${encodeURIComponent(email)}`;
        expect((await ask(app, 'HEAD', url, viewer.cookie)).statusCode).toBe(404);
        const refused = await app.inject({
          method: 'POST',
          url: '/api/admin/data-subject',
          payload: { email },
          headers: { cookie: viewer.cookie },
        });
        expect(refused.statusCode).toBe(403);
        lengths.push(refused.headers['content-length']);
      }
      expect(lengths[0]).toBe(lengths[1]);
      const audit = await ask(app, 'HEAD', '/api/admin/audit?action=export', viewer.cookie);
      expect(audit.statusCode).toBe(403);
      expect(audit.headers['x-total-count']).toBeUndefined();
    });

    it('audits an export asked for with HEAD, as with GET', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const exports = async () =>
        (await ask(app, 'GET', '/api/admin/audit?action=export&limit=500', owner)).json<
          { detail: string }[]
        >().length;
      const before = await exports();
      const head = await ask(app, 'HEAD', '/api/admin/export/candidates.csv?status=new', owner);
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(await exports()).toBe(before + 1);
      const [latest] = (
        await ask(app, 'GET', '/api/admin/audit?action=export&limit=1', owner)
      ).json<{ detail: string }[]>();
      expect(latest?.detail).toBe('candidates, filtered by status new');
    });
  },
  { env: { ...adminEnv, SMTP_URL: smtp.url, SITE_URL: 'https://talent.example' } },
);
