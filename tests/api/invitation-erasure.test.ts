import { afterAll, expect, it, vi } from 'vitest';
import { signIn } from '../support/admin';
import { invitationIn } from '../support/calendar-mail';
import { applicantWithProof, book, openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { readableMail, startLocalSmtp, type ReceivedMail } from '../support/smtp';
import { post } from '../support/status-page';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * A person who erases their data while their call's first invitation is on its way (the mail
 * server has it, and has not answered yet) still gets its cancellation: the invitation went, so
 * the event is in their calendar (decision 178).
 */

vi.setConfig({ testTimeout: 60_000 });

/** The address whose next mail the mail server holds, and what lets it answer. */
let holdFor: string | undefined;
let release = () => {};
const smtp = await startLocalSmtp(undefined, (mail: ReceivedMail) => {
  if (!holdFor || !mail.to.includes(holdFor)) return;
  holdFor = undefined;
  return new Promise<void>((resolve) => (release = resolve));
});
afterAll(() => smtp.close());

const subjectsTo = (email: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(email))
    .map((mail) => /^Subject: (.*)$/m.exec(readableMail(mail))?.[1]);

describeEachDatabase(
  'an erasure during the invitation',
  (current) => {
    it('cancels the call whose invitation the mail server was taking when the person erased', async () => {
      const testApp = current();
      const { app } = testApp;
      await openForCalls(app, await signIn(app));
      const email = uniqueEmail('erased-mid-send');
      const { id, proof, times } = await applicantWithProof(testApp, email);
      holdFor = email;
      expect((await book(app, proof, times[4]!)).statusCode).toBe(201);
      // The invitation has reached the mail server, which has not answered yet.
      const invitation = await eventually(() => smtp.received.find((m) => m.to.includes(email)));
      const erased = await post(
        app,
        '/api/status/erase',
        { lead: `c${id}`, confirm: 'yes' },
        proof,
      );
      expect(erased.statusCode).toBe(200);
      release();

      const cancel = await eventually(() =>
        smtp.received.find(
          (mail) =>
            mail.to.includes(email) &&
            readableMail(mail).includes('Subject: Your screening call is cancelled'),
        ),
      );
      const { uid } = invitationIn(invitation.raw);
      expect(invitationIn(cancel.raw)).toMatchObject({ method: 'CANCEL', uid });
      expect(subjectsTo(email)).toEqual([
        expect.stringMatching(/^Your screening call is booked/),
        'Your screening call is cancelled',
      ]);
    });
  },
  { env: { SMTP_URL: smtp.url }, personWorker: { pollMs: 50 } },
);
