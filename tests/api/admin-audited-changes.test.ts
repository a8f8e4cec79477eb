import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect, it, vi } from 'vitest';
import { adminEnv, seedCandidate, signIn } from '../support/admin';
import { newAccount } from '../support/accounts';
import { startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';
import { refuseAuditEntries } from '../support/write-blocker';

/*
 * Decision 064: an owner's change and its audit entry commit together. With the log refusing
 * every entry (a full disk, a cut connection), each change answers a 500 that says nothing of
 * why, and nothing of it is kept.
 */

// The invited account's password is hashed at the real scrypt cost.
vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const refusedWithoutDetail = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ error: 'Internal server error' });
};

describeEachDatabase(
  'admin changes and their audit entries',
  (current) => {
    it('keeps no role change, disable, invitation, withdrawal, reset, mapping, merge or erasure whose entry cannot be written', async () => {
      const testApp = current();
      const { app } = testApp;
      const owner = await signIn(app);
      const change = (method: string, url: string, payload?: object) =>
        app.inject({ method: method as 'POST', url, headers: { cookie: owner }, payload });
      const recruiter = await newAccount(app, smtp, owner, 'recruiter');
      const pending = await change('POST', '/api/admin/users', {
        email: uniqueEmail('pending'),
        role: 'viewer',
      });
      const invitationId = pending.json<{ id: number }>().id;
      const [kept, other] = [
        await seedCandidate(testApp, 'regular'),
        await seedCandidate(testApp, 'regular'),
      ];
      const entries = async () =>
        (
          await testApp.db
            .selectFrom('admin_audit_entries')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .executeTakeFirstOrThrow()
        ).count;
      const before = await entries();
      const invitee = uniqueEmail('refused');

      const refusal = await refuseAuditEntries(testApp);
      try {
        const account = `/api/admin/users/${recruiter.id}`;
        refusedWithoutDetail(await change('PATCH', account, { role: 'viewer', disabled: true }));
        refusedWithoutDetail(
          await change('POST', '/api/admin/users', { email: invitee, role: 'viewer' }),
        );
        refusedWithoutDetail(await change('DELETE', `/api/admin/invitations/${invitationId}`));
        refusedWithoutDetail(await change('POST', `${account}/reset-sign-in`));
        refusedWithoutDetail(
          await change('POST', '/api/admin/spend/mappings', {
            utmCampaign: 'refused-26',
            source: 'facebook',
            campaign: '555',
          }),
        );
        refusedWithoutDetail(
          await change('POST', `/api/candidate-submissions/${kept.id}/merge`, {
            otherId: other.id,
          }),
        );
        refusedWithoutDetail(
          await change('DELETE', '/api/admin/data-subject', { email: other.email }),
        );
      } finally {
        await refusal.release();
      }

      expect(await entries()).toEqual(before);
      const { accounts, invitations } = (await change('GET', '/api/admin/users')).json<{
        accounts: { id: number; role: string; disabled: boolean }[];
        invitations: { id: number; email: string }[];
      }>();
      expect(accounts.find(({ id }) => id === recruiter.id)).toMatchObject({
        role: 'recruiter',
        disabled: false,
      });
      expect(invitations.map(({ id }) => id)).toContain(invitationId);
      expect(invitations.map(({ email }) => email)).not.toContain(invitee);
      // The recruiter's session was neither ended nor its sign-in reset.
      const lead = `/api/candidate-submissions/${other.id}`;
      const read = await app.inject({ url: lead, headers: { cookie: recruiter.cookie } });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ email: other.email });
      const mappings = await change('GET', '/api/admin/spend/mappings');
      expect(
        mappings.json<{ utmCampaign: string }[]>().map((row) => row.utmCampaign),
      ).not.toContain('refused-26');
    });
  },
  { env: { ...adminEnv, SMTP_URL: smtp.url, SITE_URL: 'https://talent.example' } },
);
