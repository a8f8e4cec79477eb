import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminEnv, seedCandidate, signIn } from '../support/admin';
import { eventually } from '../support/eventually';
import { fetchOpenApi, OpenApiChecker } from '../support/openapi';
import { readableMail, startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * Messages a person would send (issue 42): before a message goes the recruiter may edit it for
 * this one send. The text travels beside the spec's bodies as `message`, bounded and refused by
 * field, escaped in HTML, audited as edited without its text. A status link asked for with a
 * merged lead's kept address goes to that address, for that lead.
 */

const SITE_URL = 'https://talent.example';
const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const mailsTo = (email: string, subject: string) =>
  smtp.received.filter((mail) => mail.to.includes(email) && mail.raw.includes(subject));
const mailTo = (email: string, subject: string) => eventually(() => mailsTo(email, subject)[0]);

describeEachDatabase(
  'messages edited for one send',
  (current) => {
    let cookie = '';
    let checker: OpenApiChecker;
    beforeAll(async () => {
      cookie = await signIn(current().app);
      checker = new OpenApiChecker(await fetchOpenApi(current().app));
    });

    /** As the admin; every answer must be the one the OpenAPI document describes. */
    async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
      const response = await current().app.inject({
        method,
        url,
        headers: { cookie, origin: 'http://localhost:80' },
        ...(payload ? { payload } : {}),
      });
      expect(checker.problems(method, url, response)).toEqual([]);
      return response;
    }
    const audit = async () =>
      (await call('GET', '/api/admin/audit')).json<
        { action: string; leadId: number | null; detail: string | null }[]
      >();
    const candidate = (first: string) =>
      seedCandidate(current(), 'regular', { first_name: first }, { email: uniqueEmail(first) });
    const statusOf = async (id: number) =>
      (await call('GET', `/api/candidate-submissions/${id}`)).json<{ status: string }>().status;

    it('sends the edited text of a status change, placeholders filled and HTML escaped; audited without it', async () => {
      const lead = await candidate('Grace');
      const changed = await call('PATCH', `/api/candidate-submissions/${lead.id}`, {
        status: 'qualified',
        notify: true,
        message: {
          subject: 'A word for {firstName}',
          body: 'Hi {firstName}, <b>call me</b> about Tuesday.\n\nYour page: {statusLink}.',
        },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().status).toBe('qualified');
      const mail = await mailTo(lead.email, 'Subject: A word for Grace');
      const text = readableMail(mail);
      expect(text).toContain('Hi Grace, <b>call me</b> about Tuesday.');
      expect(text).toMatch(/Your page: https:\/\/talent\.example\/status\?token=[\w-]+/);
      expect(mail.raw).toContain('&lt;b&gt;call me&lt;/b&gt;');
      // In HTML the link is one, without the sentence's closing stop.
      expect(text).toMatch(/Your page: <a href="https:\/\/talent\.example\/status\?token=[\w-]+">/);
      expect(mail.raw).not.toContain("Good news: you're a fit");

      const entry = (await audit()).find(
        (each) => each.action === 'status_changed' && each.leadId === lead.id,
      );
      expect(entry?.detail).toBe('new -> qualified, its message edited for this send');
      expect(JSON.stringify(await audit())).not.toContain('Tuesday');
    });

    it('refuses an edited text out of bounds with 400 naming the field, and changes nothing', async () => {
      const lead = await candidate('Alan');
      const url = `/api/candidate-submissions/${lead.id}`;
      const refusals: [object, Record<string, string>][] = [
        [{ subject: 'Hi', body: 'x'.repeat(5001) }, { 'message.body': 'At most 5000 characters' }],
        [
          { subject: 's'.repeat(201), body: 'Hello' },
          { 'message.subject': 'At most 200 characters' },
        ],
        [
          { subject: 'Hi', body: 'Hello {nickname}' },
          { 'message.body': 'Unknown placeholders: {nickname}' },
        ],
        [{ subject: 'Hi' }, { 'message.body': 'Required' }],
      ];
      for (const [message, fields] of refusals) {
        const refused = await call('PATCH', url, { status: 'contacted', notify: true, message });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields).toEqual(fields);
      }
      const withoutNotify = await call('PATCH', url, {
        status: 'contacted',
        message: { subject: 'Hi', body: 'Hello' },
      });
      expect(withoutNotify.json().fields).toEqual({
        message: 'Only with a status and "notify": true',
      });
      const bulk = await call('POST', '/api/candidate-submissions/bulk', {
        ids: [lead.id],
        status: 'contacted',
        notify: true,
        message: { subject: 'Hi', body: 'y'.repeat(5001) },
      });
      expect(bulk.statusCode).toBe(400);
      expect(bulk.json().fields).toEqual({
        'message.body': 'At most 5000 characters',
      });
      const envelope = await call('POST', `${url}/send-email`, {
        message: { subject: 'Hi', body: 'Hello {nickname}' },
      });
      expect(envelope.statusCode).toBe(400);
      expect(envelope.json().fields).toEqual({
        'message.body': 'Unknown placeholders: {nickname}',
      });
      expect(await statusOf(lead.id)).toBe('new');
      expect(mailsTo(lead.email, 'Subject: Hi')).toEqual([]);
    });

    it('sends one edited text to each person of a bulk change, filled in for each', async () => {
      const [ada, bea] = [await candidate('Ada'), await candidate('Bea')];
      const changed = await call('POST', '/api/candidate-submissions/bulk', {
        ids: [ada.id, bea.id],
        status: 'contacted',
        notify: true,
        message: { subject: 'Our call, {firstName}', body: 'Dear {firstName}, talk soon.' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ count: 2, changed: 2 });
      expect(readableMail(await mailTo(ada.email, 'Subject: Our call, Ada'))).toContain(
        'Dear Ada, talk soon.',
      );
      expect(readableMail(await mailTo(bea.email, 'Subject: Our call, Bea'))).toContain(
        'Dear Bea, talk soon.',
      );
      const entry = (await audit()).find((each) => each.action === 'bulk_changed');
      expect(entry?.detail).toBe(
        `2 leads: status -> contacted (2 changed, an edited message sent); leads ${ada.id}, ${bea.id}`,
      );
    });

    it("previews the form e-mail, and sends the recruiter's text with the link to the open step", async () => {
      const lead = await seedCandidate(current(), 'questionnaire', { first_name: 'Mary' });
      const url = `/api/candidate-submissions/${lead.id}/send-email`;
      const preview = await call('GET', url);
      expect(preview.statusCode).toBe(200);
      const { message, values } = preview.json<{
        message: { subject: string; body: string };
        values: Record<string, string>;
      }>();
      expect(message.subject).toBe('Complete your Talent Bridge application');
      expect(message.body).toMatch(/^Hi \{firstName\},/);
      expect(message.body).toContain(
        'One step is still open: the questionnaire. It takes a few minutes:\n{statusLink}',
      );
      expect(values).toMatchObject({
        firstName: 'Mary',
        statusLink: `${SITE_URL}/status?token=…&next=questionnaire`,
      });
      expect((await call('GET', '/api/candidate-submissions/999999/send-email')).statusCode).toBe(
        404,
      );

      const sent = await call('POST', url, {
        message: {
          subject: 'Your questionnaire, {firstName}',
          body: 'Mary, finish here: {statusLink}',
        },
      });
      expect(sent.statusCode).toBe(200);
      const text = readableMail(await mailTo(lead.email, 'Subject: Your questionnaire, Mary'));
      expect(text).toMatch(
        /Mary, finish here: https:\/\/talent\.example\/status\?token=[\w-]+&next=questionnaire/,
      );
      const entry = (await audit()).find(
        (each) => each.action === 'email_sent' && each.leadId === lead.id,
      );
      expect(entry?.detail).toBe('via smtp, its text edited for this send');
    });

    it("e-mails a status link asked for with a merged lead's kept address to that address, for that lead", async () => {
      const tag = `k${Date.now().toString(36)}`;
      const gmail = `${tag}.kevin@gmail.com`;
      const hotmail = `${tag}.kev88@hotmail.com`;
      const kept = await seedCandidate(
        current(),
        'regular',
        { first_name: 'Kevin' },
        { email: gmail },
      );
      const other = await seedCandidate(
        current(),
        'regular',
        { first_name: 'Kev' },
        { email: hotmail },
      );
      const merged = await call('POST', `/api/candidate-submissions/${kept.id}/merge`, {
        otherId: other.id,
        winners: {},
      });
      expect(merged.statusCode).toBe(200);

      const asked = await current().app.inject({
        method: 'POST',
        url: '/api/status/link',
        payload: { email: hotmail.toUpperCase() },
      });
      expect(asked.statusCode).toBe(200);
      const mail = readableMail(await mailTo(hotmail, 'Subject: Your Talent Bridge status page'));
      const token = /https:\/\/talent\.example\/status\?token=([\w-]+)/.exec(mail)?.[1];
      const link = await current()
        .db.selectFrom('status_links')
        .select(['lead_table', 'lead_id'])
        .where(
          'token_hash',
          '=',
          createHash('sha256')
            .update(token ?? '')
            .digest('hex'),
        )
        .executeTakeFirst();
      expect(link).toEqual({ lead_table: 'candidates', lead_id: kept.id });
      // Its own address is not sent the link the other address asked for.
      expect(mailsTo(gmail, 'Subject: Your Talent Bridge status page')).toEqual([]);
    });
  },
  {
    env: {
      ...adminEnv,
      SITE_URL,
      SUPPORT_EMAIL: 'support@talent.example',
      MAIL_FROM: 'Talent Bridge <hello@talent.example>',
      SMTP_URL: smtp.url,
      CONFIRMATION_DELAY: '0s',
    },
    personWorker: { pollMs: 50 },
  },
);
