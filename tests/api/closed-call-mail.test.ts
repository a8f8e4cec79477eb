import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { CALENDAR_FEED_URL } from '../../src/shared/booking-availability';
import { patchCandidateStatus } from '../support/admin';
import { invitationIn } from '../support/calendar-mail';
import { callMailServer } from '../support/call-mail';
import { beginCall, callMailsSettled } from '../support/calls';
import { eventually } from '../support/eventually';
import { readableMail } from '../support/smtp';
import { post } from '../support/status-page';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * A candidate whose application closes (they withdraw, or the team sets withdrawn or not a fit)
 * gets the cancellation of their call's invitation, so the event leaves their calendar; a
 * cancellation is not marketing. It offers no new time, and no other call mail follows. So does
 * a person erased or deleted, before their data goes: the message alone keeps their address.
 */

const mail = await callMailServer();
const { smtp, mailTo, subjectsTo } = mail;

describeEachDatabase(
  "a closed application's call",
  (current) => {
    const { owner, applyAndBook, bookedApplicant, bulk } = mail.bookedCalls(current, 'closed-call');

    /** An owner's deletion request erases everything stored about `email`. */
    async function eraseByOwner(app: FastifyInstance, email: string) {
      const erased = await app.inject({
        method: 'DELETE',
        url: '/api/admin/data-subject',
        headers: { cookie: owner() },
        payload: { email },
      });
      expect(erased.statusCode).toBe(200);
    }
    /** Once no outbox message names `email` (none written, or sent and emptied). */
    const noMessageNames = (db: TestApp['db'], email: string) =>
      eventually(async () => {
        const named = await db
          .selectFrom('outbox_messages')
          .select('id')
          .where('payload', 'like', `%${email}%`)
          .execute();
        return named.length === 0 ? true : undefined;
      });
    /** The cancellation of call `uid` mailed to `email` (its METHOD:CANCEL), as read. */
    async function cancellationOf(email: string, uid: string) {
      const cancel = await mailTo(email, 'Your screening call is cancelled');
      expect(invitationIn(cancel.raw)).toMatchObject({
        method: 'CANCEL',
        uid,
        status: 'CANCELLED',
      });
      return readableMail(cancel);
    }

    it.each([
      ['withdraws on the status page', 'withdrawn'],
      ['is set to withdrawn by a recruiter', 'withdrawn'],
      ['is set to not a fit in a bulk change', 'not_a_fit'],
    ])(
      'sends the person who %s the METHOD:CANCEL of their invitation, offering no new time',
      async (how, status) => {
        const testApp = current();
        const { app } = testApp;
        const { email, id, proof, uid } = await bookedApplicant(testApp);

        const closed = how.startsWith('withdraws')
          ? await post(app, '/api/status/withdraw', { lead: `c${id}`, confirm: 'yes' }, proof)
          : how.includes('bulk')
            ? await bulk(app, id, status)
            : await patchCandidateStatus(app, id, status);
        expect(closed.statusCode).toBe(200);

        const text = await cancellationOf(email, uid);
        expect(text).not.toContain('Book your call');
        expect(text).toContain('See where you stand on your status page:');
        // A withdrawal, told on the page "We will not contact you again", is the reason given.
        const withdrew =
          /is cancelled because you withdrew your application\.\s+We will not contact you again\./;
        expect(withdrew.test(text)).toBe(status === 'withdrawn');
        expect(/withdr|will not contact/.test(text)).toBe(status === 'withdrawn');
        await callMailsSettled(testApp, id);
        // The invitation and its cancellation; no reminder, nothing else.
        expect(subjectsTo(email)).toEqual([
          expect.stringMatching(/^Your screening call is booked/),
          'Your screening call is cancelled',
        ]);
      },
    );

    it.each([
      ['erases their data on the status page', '/api/status/erase'],
      ["is erased by an admin's deletion request", '/api/admin/data-subject'],
      ['is deleted by an admin', '/api/candidate-submissions/'],
    ])(
      "cancels the call of a person who %s: their METHOD:CANCEL, and the host's feed drops it",
      async (how, url) => {
        const { app, db } = current();
        const { email, id, proof, uid } = await bookedApplicant(current());
        const path = (
          await app.inject({ method: 'POST', url: CALENDAR_FEED_URL, headers: { cookie: owner() } })
        ).json<{ path: string }>().path;
        expect((await app.inject({ url: path })).body).toContain(`UID:${uid}`);

        const gone = how.includes('status page')
          ? await post(app, url, { lead: `c${id}`, confirm: 'yes' }, proof)
          : how.includes('deletion')
            ? await app.inject({
                method: 'DELETE',
                url,
                headers: { cookie: owner() },
                payload: { email },
              })
            : await app.inject({
                method: 'DELETE',
                url: `${url}${id}`,
                headers: { cookie: owner() },
              });
        expect(gone.statusCode).toBeLessThan(300);

        const text = await cancellationOf(email, uid);
        expect(text).toContain('We will not contact you again.');
        expect(text).not.toContain('/status');
        expect((await app.inject({ url: path })).body).not.toContain(`UID:${uid}`);
        // Sent, the message keeps nothing of the person.
        await noMessageNames(db, email);
      },
    );

    it('sends an erased person nothing about a call whose invitation has not gone yet', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const email = uniqueEmail('uninvited-call');
      // Their mailbox refuses the invitation; its retry is a day off, and it then accepts mail.
      smtp.refused.add(email);
      const { id } = await applyAndBook(testApp, email);
      const invitation = await eventually(() =>
        db
          .selectFrom('outbox_messages')
          .select('id')
          .where('subject_id', '=', id)
          .where('topic', '=', 'call.booked')
          .where('last_error', 'is not', null)
          .executeTakeFirst(),
      );
      const dayOn = new Date(Date.now() + 24 * 3600_000).toISOString();
      await db
        .updateTable('outbox_messages')
        .set({ next_attempt_at: dayOn })
        .where('id', '=', invitation.id)
        .execute();
      smtp.refused.delete(email);

      await eraseByOwner(app, email);
      // Once no message names them (none written, or sent), their mailbox has had nothing.
      await noMessageNames(db, email);
      expect(subjectsTo(email)).toEqual([]);
    });

    it("lists a call e-mail the candidate's mailbox refused among the delivery problems", async () => {
      const testApp = current();
      const { app } = testApp;
      const email = uniqueEmail('refused-call');
      smtp.refused.add(email);
      const { id } = await applyAndBook(testApp, email);
      const deliveries = await eventually(async () => {
        const answer = (
          await app.inject({
            method: 'GET',
            url: '/api/admin/deliveries',
            headers: { cookie: owner() },
          })
        ).json<{
          failedByDestination: Record<string, number>;
          failed: { destination: string; leadId: number; topic: string; lastError: string }[];
        }>();
        return answer.failed.some((row) => row.leadId === id) ? answer : undefined;
      });
      expect(deliveries.failed).toContainEqual(
        expect.objectContaining({ destination: 'calendar', leadId: id, topic: 'call.booked' }),
      );
      expect(deliveries.failedByDestination.calendar).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(deliveries)).not.toContain(email);
    });

    it('keeps no row naming an erased person whose cancellation their mailbox refuses (nor the refusal quoting them), once the call began or its retries end', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const rowOf = (email: string) =>
        db
          .selectFrom('outbox_messages')
          .selectAll()
          .where((eb) =>
            eb.or([eb('payload', 'like', `%${email}%`), eb('last_error', 'like', `%${email}%`)]),
          );
      /** An erased person's cancellation, refused by their mailbox and waiting for its retry. */
      const refusedCancel = async () => {
        const { email } = await bookedApplicant(testApp);
        smtp.refused.add(email);
        await eraseByOwner(app, email);
        // The address is in its row's payload; the refusal quoting it is kept without it.
        return eventually(async () => {
          const row = await rowOf(email).executeTakeFirst();
          if (!row?.last_error) return undefined;
          expect(row.last_error).toContain('<[address]>: Recipient address rejected');
          return { email, row };
        });
      };
      const started = await refusedCancel();
      const givenUp = await refusedCancel();
      // One call began before its next try; the other's cancellation tried for a day.
      const payload = JSON.parse(started.row.payload) as { erased: { slot_start: string } };
      payload.erased.slot_start = new Date(Date.now() - 60_000).toISOString();
      const now = new Date().toISOString();
      await db
        .updateTable('outbox_messages')
        .set({ payload: JSON.stringify(payload), next_attempt_at: now })
        .where('id', '=', started.row.id)
        .execute();
      const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
      await db
        .updateTable('outbox_messages')
        .set({ created_at: dayAgo, next_attempt_at: now })
        .where('id', '=', givenUp.row.id)
        .execute();
      for (const { email } of [started, givenUp]) {
        await eventually(async () =>
          (await rowOf(email).execute()).length === 0 ? true : undefined,
        );
      }
    });

    it('sends no "we missed you, pick a new time" to a person no longer a fit', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const { email, id } = await bookedApplicant(testApp);
      // The call began a minute ago: closing the application keeps it on record.
      await beginCall(db, id);
      expect((await patchCandidateStatus(app, id, 'not_a_fit')).statusCode).toBe(200);
      const call = await db
        .selectFrom('bookings')
        .select(['id', 'cancelled_at'])
        .where('lead_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(call.cancelled_at).toBeNull();

      const marked = await app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${call.id}/outcome`,
        headers: { cookie: owner() },
        payload: { outcome: 'no_show' },
      });
      expect(marked.statusCode).toBe(200);
      await callMailsSettled(testApp, id);
      // Only the invitation went: no "pick a new time" for an application that is closed.
      expect(subjectsTo(email)).toEqual([expect.stringMatching(/^Your screening call is booked/)]);
    });
  },
  mail.options,
);
