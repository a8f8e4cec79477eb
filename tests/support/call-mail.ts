import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { signIn } from './admin';
import { invitationIn } from './calendar-mail';
import { applicantWithProof, book, callMailsSettled, openForCalls } from './calls';
import { eventually } from './eventually';
import { readableMail, startLocalSmtp, type ReceivedMail } from './smtp';
import { uniqueEmail, type TestApp } from './test-app';

/* A test file about the e-mails of booked calls: the mail server its apps send to, and a suite's
   owner with every hour open to calls, its applicants booked through the API. */

/** Starts this file's mail server (stopped after it); calls' mails take a while to arrive. */
export async function callMailServer() {
  vi.setConfig({ testTimeout: 60_000 });
  const smtp = await startLocalSmtp();
  afterAll(() => smtp.close());
  /** The first mail to `email` with this subject, once it came. */
  const mailTo = (email: string, subject: string) =>
    eventually(() =>
      smtp.received.find(
        (mail) => mail.to.includes(email) && readableMail(mail).includes(`Subject: ${subject}`),
      ),
    );
  return {
    smtp,
    mailTo,
    /** The subjects of the mails `email` received, in order. */
    subjectsTo: (email: string) =>
      smtp.received
        .filter((mail) => mail.to.includes(email))
        .map((mail) => /^Subject: (.*)$/m.exec(readableMail(mail))?.[1]),
    /** The apps' options: mail goes to this server, reminders a minute ahead, polled often. */
    options: { env: { SMTP_URL: smtp.url, CALL_REMINDERS: '1m' }, personWorker: { pollMs: 50 } },
    /** In a suite: the owner signs in and opens every hour to calls before its tests. */
    bookedCalls: (current: () => TestApp, label: string) => bookedCalls(current, label, mailTo),
  };
}

function bookedCalls(
  current: () => TestApp,
  label: string,
  mailTo: (email: string, subject: string) => Promise<ReceivedMail>,
) {
  let owner = '';
  beforeAll(async () => {
    owner = await signIn(current().app);
    await openForCalls(current().app, owner);
  });
  /** `email` applies, opens their status link (the mailbox proof) and books a call hours ahead. */
  async function applyAndBook(testApp: TestApp, email: string) {
    const { id, proof, times } = await applicantWithProof(testApp, email);
    const start = times[4]!;
    expect((await book(testApp.app, proof, start)).statusCode).toBe(201);
    return { id, proof, start };
  }
  return {
    /** The owner's session, as a Cookie header. */
    owner: () => owner,
    applyAndBook,
    /** An applicant with a call booked, its invitation received and its sending recorded. */
    async bookedApplicant(testApp: TestApp) {
      const email = uniqueEmail(label);
      const booked = await applyAndBook(testApp, email);
      const invitation = await mailTo(email, 'Your screening call is booked');
      await callMailsSettled(testApp, booked.id);
      return { email, ...booked, uid: invitationIn(invitation.raw).uid };
    },
    /** The owner's bulk change of lead `id` to `status`. */
    bulk: (app: FastifyInstance, id: number, status: string) =>
      app.inject({
        method: 'POST',
        url: '/api/candidate-submissions/bulk',
        headers: { cookie: owner },
        payload: { ids: [id], status },
      }),
  };
}
