import { expect, it } from 'vitest';
import type { BookingView } from '../../src/shared/booking-view';
import { statusWords } from '../../src/server/leads/workflows/people/status-words';
import { patchCandidateStatus, signIn } from '../support/admin';
import { postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { applicant, applicantWithProof, book, bookCall, openForCalls } from '../support/calls';
import { cookieHeader, openLink, statusLinkTo, statusPage } from '../support/status-page';
import {
  describeEachDatabase,
  fakeSiteBuild,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

/*
 * The person's two pages, /status and /book, say the same about their call (decisions 176, 178):
 * once enrolled or placed the screening call is behind them, on both; and a mailbox proof of an
 * address with no candidate leaves /book to the candidate this browser's own form proves.
 */

const CLIENT_DIR = await fakeSiteBuild(['/status', '/book']);

describeEachDatabase(
  "the person's pages agree",
  (current) => {
    /** Both pages' states for the browser of `cookie`. */
    const pages = async ({ app }: TestApp, cookie: string) => ({
      status: (await statusPage(app, cookie)).state?.status,
      book: (await statusPage(app, cookie, '/book')).state,
    });

    it.each(['enrolled', 'placed'])(
      'a candidate %s while holding a call: neither page offers it, and it cannot be moved',
      async (status) => {
        const testApp = current();
        const { app } = testApp;
        await openForCalls(app, await signIn(app));
        const { id, proof, times } = await applicantWithProof(testApp, uniqueEmail(status));
        await bookCall(app, proof);
        expect((await patchCandidateStatus(app, id, status)).statusCode).toBe(200);

        const { status: shown, book: offered } = await pages(testApp, proof);
        expect(shown).toMatchObject({ kind: 'leads', leads: [{ bookCall: false }] });
        expect(shown).not.toHaveProperty('leads.0.callBooked');
        expect(offered).toEqual({ screening: { step: 'closed', stage: statusWords[status] } });
        const moved = await book(app, proof, times[8]!, '/move');
        expect(moved.statusCode).toBe(403);
        expect(moved.json()).toEqual({ error: statusWords[status] });
      },
    );

    it("a mailbox of an address with only a company lead: /book serves this browser's own candidate, nothing of the company", async () => {
      const testApp = current();
      const { app, db } = testApp;
      await openForCalls(app, await signIn(app));
      const candidateProof = await applicant(app);
      const companyEmail = uniqueEmail('company-only');
      const sent = await postJson(
        app,
        '/api/companies/email',
        validBodies.companyEmail(companyEmail),
      );
      expect(sent.statusCode).toBe(200);
      const company = await db
        .selectFrom('companies')
        .select('id')
        .where('email', '=', companyEmail)
        .executeTakeFirstOrThrow();
      const link = await statusLinkTo(testApp, { table: 'companies', id: Number(company.id) });
      const opening = await openLink(app, link, candidateProof);
      expect(opening.statusCode).toBe(303);
      const both = cookieHeader(opening);
      expect(both).toContain('tb_mailbox=');

      const { booking } = await bookCall(app, both);
      const view = (await pages(testApp, both)).book?.booking as BookingView | undefined;
      expect(view).toMatchObject({ booked: expect.any(String) });
      expect(view?.booked).toContain(new Date(booking.start).getUTCFullYear().toString());
      // The mailbox alone, without the form proof, proves no candidate: no booking page.
      const mailboxOnly = both.split('; ').filter((cookie) => cookie.startsWith('tb_mailbox='));
      expect((await pages(testApp, mailboxOnly.join('; '))).book).toBeUndefined();
    });
  },
  { env: { CLIENT_DIR } },
);
