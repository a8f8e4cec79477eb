import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, expect, it, vi } from 'vitest';
import { AVAILABILITY_URL, CALENDAR_FEED_URL } from '../../src/shared/booking-availability';
import { SCREENING_URL } from '../../src/shared/booking-screening';
import { adminEnv, seedCandidate, signIn, uploadSpend } from '../support/admin';
import { GOOD_PASSWORD, invitationToken, newAccount } from '../support/accounts';
import { candidateIdOf } from '../support/api';
import { applicant, beginCall, bookCall, OPEN, saveAvailability } from '../support/calls';
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

    it('keeps no app set up, feed link, ended session, noted e-mail, accepted invitation, hours, questions, marked or taken call, spend or template whose entry cannot be written', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const [owner, otherSession] = [await signIn(app), await signIn(app)];
      const as = (cookie: string, method: string, url: string, payload?: object | string) =>
        app.inject({ method: method as 'POST', url, headers: { cookie }, payload });
      const change = (method: string, url: string, payload?: object) =>
        as(owner, method, url, payload);
      const read = async (url: string, cookie = owner) => {
        const response = await as(cookie, 'GET', url);
        expect(response.statusCode).toBe(200);
        return response.json<Record<string, unknown>>();
      };
      // A host whose two calls are booked: one begun (to mark), one left needing a host (to take).
      const host = await newAccount(app, smtp, owner, 'recruiter');
      await saveAvailability(app, host.cookie, OPEN);
      const [begun, hostless] = [uniqueEmail('begun'), uniqueEmail('hostless')];
      for (const email of [begun, hostless]) await bookCall(app, await applicant(app, email));
      await beginCall(db, await candidateIdOf(db, begun));
      expect(
        (await change('PATCH', `/api/admin/users/${host.id}`, { disabled: true })).statusCode,
      ).toBe(200);
      const callOf = async (email: string) =>
        db
          .selectFrom('bookings')
          .select(['id', 'host_id', 'outcome'])
          .where('lead_id', '=', await candidateIdOf(db, email))
          .executeTakeFirstOrThrow();
      const [marked, taken] = [await callOf(begun), await callOf(hostless)];
      const invitee = uniqueEmail('accepting');
      expect(
        (await change('POST', '/api/admin/users', { email: invitee, role: 'viewer' })).statusCode,
      ).toBe(201);
      const token = await invitationToken(smtp, invitee);
      const lead = await seedCandidate(testApp, 'regular');
      const mapping = { utmCampaign: 'kept-k28', source: 'facebook', campaign: '777' };
      expect((await change('POST', '/api/admin/spend/mappings', mapping)).statusCode).toBe(204);
      const template = '/api/admin/message-templates/candidate';
      const message = { subject: 'Hello {{firstName}}', body: 'We will call you.' };
      expect((await change('PUT', `${template}/qualified`, message)).statusCode).toBe(200);
      const started = await change('POST', '/api/admin/totp');
      const { secret } = started.json<{ secret: string }>();
      const sessionsBefore = await read('/api/admin/sessions');
      const otherId = (sessionsBefore as unknown as { id: number; current: boolean }[]).find(
        (session) => !session.current,
      )!.id;

      const refusal = await refuseAuditEntries(testApp);
      try {
        const code = await generate({ secret });
        refusedWithoutDetail(await change('POST', '/api/admin/totp/confirm', { code }));
        refusedWithoutDetail(await change('POST', CALENDAR_FEED_URL));
        refusedWithoutDetail(await change('DELETE', `/api/admin/sessions/${otherId}`));
        refusedWithoutDetail(await change('POST', '/api/admin/sign-out-everywhere'));
        refusedWithoutDetail(
          await change('POST', `/api/candidate-submissions/${lead.id}/send-email`),
        );
        const accepted = await app.inject({
          method: 'POST',
          url: '/api/admin/invitation/accept',
          payload: { token, name: 'Refused', password: GOOD_PASSWORD },
        });
        refusedWithoutDetail(accepted);
        expect(accepted.cookies).toEqual([]);
        refusedWithoutDetail(await change('PUT', AVAILABILITY_URL, OPEN));
        const questions = [{ question: 'Can you lift 50 lb?', explanation: 'The job needs it.' }];
        refusedWithoutDetail(await change('PUT', SCREENING_URL, { questions }));
        const outcome = `/api/admin/bookings/${marked.id}/outcome`;
        refusedWithoutDetail(await change('POST', outcome, { outcome: 'attended' }));
        refusedWithoutDetail(await change('POST', `/api/admin/bookings/${taken.id}/take`));
        const csv = 'date,source,campaign,spend,currency\n2021-03-01,facebook,refused-k28,70,USD\n';
        refusedWithoutDetail(await uploadSpend(testApp, owner, csv));
        refusedWithoutDetail(
          await change('DELETE', `/api/admin/spend/mappings/${mapping.utmCampaign}`),
        );
        refusedWithoutDetail(await change('PUT', `${template}/contacted`, message));
        refusedWithoutDetail(await change('DELETE', `${template}/qualified`));
      } finally {
        await refusal.release();
      }

      expect(await read('/api/admin/factors')).toMatchObject({ totp: false });
      expect(await read(CALENDAR_FEED_URL)).toEqual({ createdAt: null });
      expect(await read('/api/admin/sessions')).toEqual(sessionsBefore);
      expect((await read('/api/admin/users', otherSession)).accounts).toBeDefined();
      const { timeline } = (await read(`/api/candidate-submissions/${lead.id}`)) as {
        timeline: { kind: string }[];
      };
      expect(timeline.map(({ kind }) => kind)).not.toContain('email_sent');
      const { accounts, invitations } = (await read('/api/admin/users')) as {
        accounts: { email: string }[];
        invitations: { email: string }[];
      };
      expect(accounts.map(({ email }) => email)).not.toContain(invitee);
      expect(invitations.map(({ email }) => email)).toContain(invitee);
      expect(await read(AVAILABILITY_URL)).toMatchObject({ timeZone: null });
      expect(await read(SCREENING_URL)).toEqual({ questions: [] });
      expect(await callOf(begun)).toEqual(marked);
      expect(marked.outcome).toBeNull();
      expect(await callOf(hostless)).toEqual(taken);
      const spend = await db
        .selectFrom('ad_spend')
        .select('campaign')
        .where('campaign', '=', 'refused-k28')
        .execute();
      expect(spend).toEqual([]);
      const mappings = (await read('/api/admin/spend/mappings')) as unknown as {
        utmCampaign: string;
      }[];
      expect(mappings.map((row) => row.utmCampaign)).toContain(mapping.utmCampaign);
      const slots = (await read('/api/admin/message-templates')) as unknown as {
        leadType: string;
        status: string;
        template: { updatedAt: string | null } | null;
      }[];
      const saved = (status: string) =>
        slots.find((slot) => slot.leadType === 'candidate' && slot.status === status)!.template;
      // Its default, if any: none saved.
      expect(saved('contacted')?.updatedAt ?? null).toBeNull();
      expect(saved('qualified')).toMatchObject(message);
    });
  },
  { env: { ...adminEnv, SMTP_URL: smtp.url, SITE_URL: 'https://talent.example' } },
);
