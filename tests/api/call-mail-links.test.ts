import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { signIn } from '../support/admin';
import { postJson } from '../support/api';
import { applicantWithProof, book, bookingPage, openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { readableMail, startLocalSmtp } from '../support/smtp';
import { cookieHeader, openLink } from '../support/status-page';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * A call's e-mails take the person to their call in one tap (a phone walk): "Move or cancel your
 * call" and, once it is cancelled, "Book your call" open /book with the mailbox proof, as the
 * status link's `next` steps open theirs. A fresh browser (a phone) presses the link's button.
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

describeEachDatabase(
  "a call e-mail's links",
  (current) => {
    beforeAll(async () => {
      await openForCalls(current().app, await signIn(current().app));
    });

    /** The link the e-mail to `email` with `subject` labels `label`, as its HTML part has it. */
    const linkIn = (email: string, subject: string, label: string) =>
      eventually(() => {
        const mail = smtp.received
          .map(readableMail)
          .find((text) => text.includes(email) && text.includes(`Subject: ${subject}`));
        const href = mail && new RegExp(`<a href="([^"]+)">${label}</a>`).exec(mail)?.[1];
        return href?.replace(/&amp;/g, '&');
      });
    /** Pressing the button of `link` in a browser holding nothing: where it lands, and its proof. */
    async function press(link: string) {
      const next = new URL(link).searchParams.get('next') ?? undefined;
      const pressed = await openLink(current().app, link, '', next);
      expect(pressed.statusCode).toBe(303);
      return { landed: pressed.headers.location, proof: cookieHeader(pressed) };
    }

    it('"Move or cancel your call" opens /book holding the call, and "Book your call" after a cancel opens it too', async () => {
      const { app } = current();
      const email = uniqueEmail('call-links');
      const { proof, times } = await applicantWithProof(current(), email);
      expect((await book(app, proof, times[4]!)).statusCode).toBe(201);

      const move = await linkIn(email, 'Your screening call is booked', 'Move or cancel your call');
      expect(move).toMatch(/\/status\?token=[\w-]+&next=book$/);
      // The calendar's text sends them to that link too, not to a status page the mail no
      // longer names.
      const google = await linkIn(email, 'Your screening call is booked', 'Add to Google Calendar');
      expect(new URL(google).searchParams.get('details')).toContain(
        'To move or cancel it, use the link in our e-mail.',
      );
      const phone = await press(move);
      expect(phone.landed).toBe('/book');
      const held = await bookingPage<{ booking: { start: string } | null }>(app, phone.proof);
      expect(held.booking?.start).toBe(times[4]);
      // The same tap moves it.
      expect((await book(app, phone.proof, times[6]!, '/move')).statusCode).toBe(200);

      const cancelled = await postJson(app, '/api/booking/cancel', {}, { cookie: phone.proof });
      expect(cancelled.statusCode).toBe(200);
      const again = await linkIn(email, 'Your screening call is cancelled', 'Book your call');
      expect(again).toMatch(/\/status\?token=[\w-]+&next=book$/);
      expect((await press(again)).landed).toBe('/book');
    });
  },
  { env: { SMTP_URL: smtp.url }, personWorker: { pollMs: 50 } },
);
