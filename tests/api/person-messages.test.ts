import { createHash } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LOST_LINK_SENTENCE } from '../../src/shared/person-status';
import type { FunnelFigures } from '../../src/shared/admin-funnel';
import { isoDay } from '../../src/shared/calendar-day';
import { adminEnv, freshAddress, signIn } from '../support/admin';
import { awayFromMinuteEdge, candidateIdOf, companiesWithEmail, postJson } from '../support/api';
import { eventually } from '../support/eventually';
import { validBodies } from '../support/lead-bodies';
import { readableMail as readable, startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * What the product says to the person (issue 21, decision 154), through a real SMTP server:
 * the confirmation, the reminders with their one-click unsubscribe, and "Lost your link?".
 */

const SITE_URL = 'https://talent.example';
const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const mailsTo = (email: string, subject: string) =>
  smtp.received.filter(
    (mail) => mail.to.includes(email.toLowerCase()) && readable(mail).includes(subject),
  );
const mailTo = (email: string, subject: string, ms?: number) =>
  eventually(() => mailsTo(email, subject)[0], ms).then(readable);

const CONFIRMATION = 'Subject: We received your Talent Bridge';
const REMINDER = 'Subject: Your Talent Bridge application is waiting';
const QUESTIONNAIRE_REMINDER = 'Subject: Your Talent Bridge questionnaire is waiting';
const STATUS_LINK = 'Subject: Your Talent Bridge status page';

const statusLinkIn = (text: string) =>
  /https:\/\/talent\.example\/status\?token=([\w-]+)/.exec(text)?.[1];

const remindersOf = (testApp: TestApp, id: number) =>
  testApp.db
    .selectFrom('candidate_reminders')
    .select(['delay_index', 'step'])
    .where('candidate_id', '=', id)
    .orderBy('delay_index')
    .execute();

const personMessages = (testApp: TestApp, type: string, id: number) =>
  testApp.db
    .selectFrom('outbox_messages')
    .select(['topic'])
    .where('destination', '=', 'person')
    .where('subject_type', '=', type)
    .where('subject_id', '=', id)
    .execute();

async function post(app: FastifyInstance, url: string, body: object) {
  const response = await postJson(app, url, body);
  expect(response.statusCode).toBe(200);
}

const career = async (app: FastifyInstance, label: string) => {
  const email = uniqueEmail(label);
  await post(app, '/api/candidates/email', validBodies.candidateEmail(email));
  return email;
};

function lostLink(app: FastifyInstance, email: string, remoteAddress: string, form = false) {
  return app.inject({
    method: 'POST',
    url: '/api/status/link',
    remoteAddress,
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    payload: form ? `email=${encodeURIComponent(email)}` : JSON.stringify({ email }),
  });
}

describeEachDatabase(
  'messages to the person',
  (current) => {
    it('confirms a new candidate once: from MAIL_FROM, Reply-To support, text and HTML, the open step and the status link', async () => {
      const testApp = current();
      const email = await career(testApp.app, 'confirm');
      const mail = await mailTo(email, CONFIRMATION);
      expect(mail).toMatch(/^From: Talent Bridge <hello@talent\.example>$/m);
      expect(mail).toMatch(/^Reply-To: support@talent\.example$/m);
      expect(mail).toMatch(/^Content-Type: text\/plain/m);
      expect(mail).toMatch(/^Content-Type: text\/html/m);
      expect(mail).toContain('free 8-week training');
      expect(mail).toContain('One step is still open: your application.');
      // A step open, reminders go: the status page's "Stop Reminders", in the e-mail's words.
      expect(mail).toContain(
        'See where you stand, correct your details or stop reminders on your status page:',
      );
      // Not an application yet (decision 177): the subject says a step is left.
      expect(mail).toMatch(/^Subject: We received your Talent Bridge details: one step is left$/m);
      const token = statusLinkIn(mail)!;
      expect(mail).toContain(`${SITE_URL}/status?token=${token}&next=apply`);
      // The token is kept only as its hash.
      const id = await candidateIdOf(testApp.db, email);
      const links = await testApp.db.selectFrom('status_links').selectAll().execute();
      expect(
        links.filter((link) => link.lead_id === id && link.lead_table === 'candidates'),
      ).toEqual([
        expect.objectContaining({ token_hash: createHash('sha256').update(token).digest('hex') }),
      ]);
      // A known e-mail sends its form again: no second confirmation is written.
      await post(testApp.app, '/api/candidates/email', validBodies.candidateEmail(email));
      expect(await personMessages(testApp, 'candidate', id)).toEqual([{ topic: 'lead.created' }]);
    });

    it("confirms a new company lead with the spec's promise, and no quarantined form", async () => {
      const testApp = current();
      const suspect = uniqueEmail('suspect');
      const quarantined = await postJson(testApp.app, '/api/companies/email', {
        ...validBodies.companyEmail(suspect),
        website: 'http://spam.example',
      });
      expect(quarantined.statusCode).toBe(200);
      const email = uniqueEmail('company');
      await post(testApp.app, '/api/companies/email', validBodies.companyEmail(email));
      const mail = await mailTo(email, CONFIRMATION);
      expect(mail).toContain(
        'Thank you for your interest. A talent specialist will contact you within 1 business day.',
      );
      expect(statusLinkIn(mail)).toBeDefined();
      expect(smtp.received.filter((m) => m.to.includes(suspect))).toEqual([]);
    });

    it('reminds an unfinished candidate after each delay, with a one-click unsubscribe that stops the next', async () => {
      const testApp = current();
      // The funnel counts leads on their day: from the control's, which may be yesterday's later.
      const since = isoDay(Date.now());
      const email = await career(testApp.app, 'remind');
      const control = await career(testApp.app, 'remind-control');
      const questionnaire = uniqueEmail('remind-questionnaire');
      await post(
        testApp.app,
        '/api/candidates/basic-info',
        validBodies.candidateBasicInfo(questionnaire),
      );

      const mail = await mailTo(email, REMINDER);
      expect(mail).toContain(`${SITE_URL}/status?token=${statusLinkIn(mail)}&next=apply`);
      expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const unsubscribe =
        /^List-Unsubscribe: <https:\/\/talent\.example(\/api\/unsubscribe\?token=[\w.-]+)>$/m.exec(
          mail,
        )?.[1];
      expect(unsubscribe).toBeDefined();
      const other = await mailTo(questionnaire, QUESTIONNAIRE_REMINDER);
      expect(other).toContain(`${SITE_URL}/status?token=${statusLinkIn(other)}&next=questionnaire`);

      // A person clicking the link gets a page that asks; the mail client's POST stops at once.
      const asked = await testApp.app.inject({ method: 'GET', url: unsubscribe! });
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toContain('<button type="submit">Stop reminders</button>');
      const stopped = await testApp.app.inject({
        method: 'POST',
        url: unsubscribe!,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(stopped.statusCode).toBe(200);
      const forged = await testApp.app.inject({
        method: 'POST',
        url: unsubscribe!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      });
      expect(forged.statusCode).toBe(400);

      // The control's second reminder comes; the unsubscribed one's never does.
      const id = await candidateIdOf(testApp.db, email);
      const controlId = await candidateIdOf(testApp.db, control);
      await eventually(async () =>
        (await remindersOf(testApp, controlId)).length === 2 ? true : undefined,
      );
      expect(await remindersOf(testApp, id)).toEqual([{ delay_index: 0, step: 'apply' }]);
      await mailTo(control, REMINDER);

      const cookie = await signIn(testApp.app);
      const detail = await testApp.app.inject({
        method: 'GET',
        url: `/api/candidate-submissions/${id}`,
        headers: { cookie },
      });
      const texts = (detail.json() as { timeline: { text: string }[] }).timeline.map((e) => e.text);
      expect(texts).toEqual(
        expect.arrayContaining([
          'Confirmation e-mail sent to the person',
          'Reminder e-mail sent to the person',
          'Reminders stopped by the person',
        ]),
      );

      // The control finishes after its reminders: recovered by reminders.
      const funnel = async () => {
        const response = await testApp.app.inject({
          method: 'GET',
          url: `/api/admin/funnel?from=${since}&to=${isoDay(Date.now())}`,
          headers: { cookie },
        });
        const figures = response.json() as FunnelFigures;
        return figures.variants.reduce((sum, step) => sum + step.recoveredByReminders, 0);
      };
      const before = await funnel();
      await post(testApp.app, '/api/candidates/submit', validBodies.candidateApplication(control));
      expect(await funnel()).toBe(before + 1);
    });

    it('sends no reminder once the step is done, the team moved the lead on, it withdrew or was erased', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const applied = await career(testApp.app, 'applied');
      await post(testApp.app, '/api/candidates/submit', validBodies.candidateApplication(applied));
      const completed = uniqueEmail('completed');
      await post(
        testApp.app,
        '/api/candidates/basic-info',
        validBodies.candidateBasicInfo(completed),
      );
      await post(
        testApp.app,
        '/api/candidates/typeform-completed',
        validBodies.typeformCompleted(completed),
      );
      const setStatus = async (email: string, status: string) => {
        const response = await testApp.app.inject({
          method: 'PATCH',
          url: `/api/candidate-submissions/${await candidateIdOf(testApp.db, email)}`,
          headers: { cookie },
          payload: { status },
        });
        expect(response.statusCode).toBe(200);
      };
      const contacted = await career(testApp.app, 'contacted');
      await setStatus(contacted, 'contacted');
      const withdrawn = await career(testApp.app, 'withdrawn');
      await setStatus(withdrawn, 'withdrawn');
      const erased = await career(testApp.app, 'erased');
      const erasedId = await candidateIdOf(testApp.db, erased);
      const deleted = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/candidate-submissions/${erasedId}`,
        headers: { cookie },
      });
      expect(deleted.statusCode).toBe(204);
      const control = await career(testApp.app, 'control');

      const controlId = await candidateIdOf(testApp.db, control);
      await eventually(async () =>
        (await remindersOf(testApp, controlId)).length > 0 ? true : undefined,
      );
      for (const email of [applied, completed, contacted, withdrawn]) {
        expect(await remindersOf(testApp, await candidateIdOf(testApp.db, email))).toEqual([]);
      }
      expect(await remindersOf(testApp, erasedId)).toEqual([]);
      await mailTo(control, REMINDER);
      for (const email of [applied, completed, contacted, withdrawn, erased]) {
        expect(mailsTo(email, 'is waiting')).toEqual([]);
      }
    });

    it("sends a status's default message with notify until a saved one overrides it; reset returns it", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const email = uniqueEmail('notify');
      await post(testApp.app, '/api/companies/email', validBodies.companyEmail(email));
      await post(testApp.app, '/api/companies/submit', validBodies.companyRequest(email));
      const [company] = await companiesWithEmail(testApp.db, email);
      const patch = (payload: object) =>
        testApp.app.inject({
          method: 'PATCH',
          url: `/api/company-submissions/${company!.id}`,
          headers: { cookie },
          payload,
        });
      const template = (method: 'PUT' | 'DELETE', payload?: object) =>
        testApp.app.inject({
          method,
          url: '/api/admin/message-templates/company/contacted',
          headers: { cookie },
          ...(payload ? { payload } : {}),
        });
      const statusMessages = async () =>
        (await personMessages(testApp, 'company', company!.id)).filter(
          (message) => message.topic === 'person.status-message',
        );

      // 'new' has no message, not even a default (the confirmation has just gone): refused.
      await patch({ status: 'contacted' });
      const refused = await patch({ status: 'new', notify: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ notify: 'This status has no message to send' });
      expect((await companiesWithEmail(testApp.db, email))[0]!.status).toBe('contacted');
      expect((await patch({ status: 'contacted', notify: 'yes' })).statusCode).toBe(400);
      await patch({ status: 'new' });

      // Nothing saved for 'contacted': its default goes, placeholders filled.
      expect((await patch({ status: 'contacted', notify: true })).statusCode).toBe(200);
      const byDefault = await mailTo(email, 'Subject: Thanks for reaching out');
      expect(byDefault).toContain('hear what Acme Data needs.');
      expect(statusLinkIn(byDefault)).toBeDefined();
      expect(byDefault).toContain('write to support@talent.example.');

      const saved = await template('PUT', {
        subject: 'Hello {firstName} from {company}',
        body: 'We called about {company}.\n\nYour page: {statusLink}\nQuestions: {supportEmail}',
      });
      expect(saved.statusCode).toBe(200);
      await patch({ status: 'new' });
      const changed = await patch({ status: 'contacted', notify: true });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().status).toBe('contacted');
      const mail = await mailTo(email, 'Subject: Hello Grace Hopper from Acme Data');
      expect(mail).toContain('We called about Acme Data.');
      expect(statusLinkIn(mail)).toBeDefined();
      expect(mail).toContain('Questions: support@talent.example');
      expect(mail).toMatch(/^Content-Type: text\/html/m);
      // Without notify the status changes and nothing more is sent.
      await patch({ status: 'new' });
      await patch({ status: 'contacted' });
      expect(await statusMessages()).toHaveLength(2);

      // Removed, the saved message gives way to the default again.
      expect((await template('DELETE')).statusCode).toBe(204);
      await patch({ status: 'new' });
      await patch({ status: 'contacted', notify: true });
      await eventually(() =>
        mailsTo(email, 'Subject: Thanks for reaching out').length === 2 ? true : undefined,
      );
      expect(await statusMessages()).toHaveLength(3);
    });

    it('"Lost your link?" always answers the same, and e-mails a new link only to a lead, rate-limited', async () => {
      // Changed by issue 40: a few links a day per e-mail (three), no longer one a minute.
      const testApp = current();
      await awayFromMinuteEdge();
      const address = freshAddress();
      const unknown = uniqueEmail('unknown');
      const answer = await lostLink(testApp.app, unknown, address);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: LOST_LINK_SENTENCE });

      const email = uniqueEmail('lost');
      await post(testApp.app, '/api/companies/email', validBodies.companyEmail(email));
      const known = await lostLink(testApp.app, email.toUpperCase(), address);
      expect(known.json()).toEqual({ message: LOST_LINK_SENTENCE });
      const mail = await mailTo(email, STATUS_LINK);
      expect(statusLinkIn(mail)).toBeDefined();
      // How long it works, as STATUS_LINK_DAYS says.
      expect(mail).toContain('It works for 5 days:');

      // Without JavaScript: back to the status page. Per e-mail: three new links a day.
      const form = await lostLink(testApp.app, email, address, true);
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe('/status?link=sent');
      for (let i = 0; i < 2; i++) await lostLink(testApp.app, email, freshAddress());
      const [company] = await companiesWithEmail(testApp.db, email);
      const topics = (await personMessages(testApp, 'company', company!.id)).map((m) => m.topic);
      expect(topics.filter((topic) => topic === 'person.status-link')).toHaveLength(3);
      expect(smtp.received.filter((m) => m.to.includes(unknown))).toEqual([]);

      // Per address: past five a minute, 429.
      const flood = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await lostLink(testApp.app, unknown, flood)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  },
  {
    env: {
      ...adminEnv,
      SITE_URL,
      SUPPORT_EMAIL: 'support@talent.example',
      MAIL_FROM: 'Talent Bridge <hello@talent.example>',
      SMTP_URL: smtp.url,
      REMINDER_DELAYS: '2s,4s',
      CONFIRMATION_DELAY: '0s',
      STATUS_LINK_DAYS: '5',
    },
    personWorker: { pollMs: 50 },
  },
);
