import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { signIn } from '../support/admin';
import { postJson } from '../support/api';
import { invitationIn } from '../support/calendar-mail';
import {
  applicantWithProof,
  callMailsSettled,
  openForCalls,
  secondInstance,
} from '../support/calls';
import { readableMail, startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * A person who changes their call before its invitation went out (the mail server slow, the
 * outbox not yet sent) is told what their calendar needs, never of a call they were not sent: a
 * cancel sends nothing, a move sends the one invitation, for the new time. Once an invitation
 * went, a move says from when to when. Here this server sends nothing: a second one, started
 * when the story says so, sends what the outbox holds, through a real SMTP server.
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());
/** The person's zone, not the host's (America/Chicago): the mails say times in it. */
const ZONE = 'Asia/Tokyo';

describeEachDatabase(
  'call e-mails when plans change before they go',
  (current) => {
    let owner: string;
    beforeAll(async () => {
      owner = await signIn(current().app);
      await openForCalls(current().app, owner);
    });

    /** An applicant with the mailbox proof and the times open to them. */
    async function applicant(testApp: TestApp) {
      const email = uniqueEmail('fast-plans');
      return { email, ...(await applicantWithProof(testApp, email)) };
    }
    /** Books (`''`), moves (`/move`) or cancels (`/cancel`) the person's call, in ZONE. */
    async function change(testApp: TestApp, proof: string, action: string, start?: string) {
      const body = start ? { start, zone: ZONE } : {};
      const answer = await postJson(testApp.app, `/api/booking${action}`, body, { cookie: proof });
      expect(answer.statusCode).toBeLessThan(300);
    }
    /** A server starts, sends what the outbox holds for the lead, and stops. */
    async function outboxSent(testApp: TestApp, id: number) {
      const sender = await secondInstance(testApp);
      try {
        await callMailsSettled(testApp, id);
      } finally {
        await sender.close();
      }
    }
    const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
    const subjectOf = (text: string) => /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
    const uidOf = async ({ db }: TestApp, id: number) =>
      (await db.selectFrom('bookings').select('uid').where('lead_id', '=', id).executeTakeFirst())
        ?.uid;

    it.each([
      ['cancels', ['/cancel']],
      ['moves, then cancels', ['/move', '/cancel']],
    ])('sends nothing to a person who %s before the invitation went', async (_, actions) => {
      const testApp = current();
      const { email, id, proof, times } = await applicant(testApp);
      await change(testApp, proof, '', times[4]);
      for (const action of actions) await change(testApp, proof, action, times[6]);

      await outboxSent(testApp, id);
      expect(mailsTo(email).map((mail) => subjectOf(readableMail(mail)))).toEqual([]);
    });

    it.each([
      ['moves', [6], 1],
      ['moves, then moves again', [6, 8], 2],
    ])(
      'sends a person who %s before the invitation went one invitation, for the last time',
      async (_, moves, sequence) => {
        const testApp = current();
        const { email, id, proof, times } = await applicant(testApp);
        await change(testApp, proof, '', times[4]);
        for (const at of moves) await change(testApp, proof, '/move', times[at]);

        await outboxSent(testApp, id);
        const [mail, ...others] = mailsTo(email);
        expect(others).toEqual([]);
        const text = readableMail(mail!);
        expect(subjectOf(text)).toMatch(/^Your screening call is booked: .+ \(Asia\/Tokyo, /);
        expect(text).not.toContain('moved');
        // The booking's UID; its SEQUENCE counts the moves, above any the organizer issued.
        expect(invitationIn(mail!.raw)).toMatchObject({
          method: 'REQUEST',
          uid: await uidOf(testApp, id),
          sequence,
          start: times[moves.at(-1)!],
          status: 'CONFIRMED',
        });
        // The lead's timeline names what went.
        const drawer = await testApp.app.inject({
          url: `/api/candidate-submissions/${id}/drawer`,
          headers: { cookie: owner },
        });
        const { timeline } = drawer.json<{ lead: { timeline: { kind: string; text: string }[] } }>()
          .lead;
        expect(
          timeline.filter((entry) => entry.kind === 'email_sent').map((entry) => entry.text),
        ).toEqual(['Call invitation e-mailed to the person']);
      },
    );

    it('tells a person whose invitation went that the call moved, from the time sent to the new one', async () => {
      const testApp = current();
      const { email, id, proof, times } = await applicant(testApp);
      await change(testApp, proof, '', times[4]);
      await outboxSent(testApp, id);
      const sent = subjectOf(readableMail(mailsTo(email)[0]!));
      const first = /^Your screening call is booked: (.+)$/.exec(sent)?.[1];
      expect(first).toContain('(Asia/Tokyo, ');

      // Twice before the next mail goes: one mail, from what the person's calendar holds.
      await change(testApp, proof, '/move', times[6]);
      await change(testApp, proof, '/move', times[8]);
      await outboxSent(testApp, id);
      const [, moved, ...others] = mailsTo(email);
      expect(others).toEqual([]);
      const text = readableMail(moved!);
      const to = /^Your screening call has moved: (.+)$/.exec(subjectOf(text))?.[1];
      expect(to).toContain('(Asia/Tokyo, ');
      expect(text).toContain(`has moved from ${first} to ${to}.`);
      const uid = await uidOf(testApp, id);
      expect(invitationIn(moved!.raw)).toMatchObject({
        method: 'REQUEST',
        uid,
        sequence: 2,
        start: times[8],
      });

      await change(testApp, proof, '/cancel');
      await outboxSent(testApp, id);
      const cancel = mailsTo(email)[2]!;
      expect(subjectOf(readableMail(cancel))).toBe('Your screening call is cancelled');
      expect(invitationIn(cancel.raw)).toMatchObject({ method: 'CANCEL', uid, sequence: 3 });
    });
  },
  { env: { SMTP_URL: smtp.url }, personWorker: { enabled: false } },
);
