import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { patchCandidateStatus } from '../support/admin';
import { invitationIn } from '../support/calendar-mail';
import { callMailServer } from '../support/call-mail';
import {
  applicantWithProof,
  beginCall,
  book,
  callMailsSettled,
  OPEN,
  callsOf,
} from '../support/calls';
import { readableMail } from '../support/smtp';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * Enrolled or placed, a candidate has no screening call ahead (/book says so): the team's status
 * change, single or bulk, cancels a call not yet started in its transaction. Their calendar gets
 * the cancellation saying why, no reminder follows, the calls desk drops it and the lead's
 * timeline says who cancelled it. A call already begun stays as it is.
 */

const mail = await callMailServer();
const { mailTo, subjectsTo } = mail;

describeEachDatabase(
  "an enrolled or placed candidate's call",
  (current) => {
    const { owner, bookedApplicant, bulk } = mail.bookedCalls(current, 'enrolled-call');

    /** The lead ids of the calls the desk lists on the day of `start` (the host's zone). */
    const deskLeads = async (app: FastifyInstance, start: string) => {
      const day = DateTime.fromISO(start).setZone(OPEN.timeZone).toISODate();
      const answer = await app.inject({
        url: `/api/admin/bookings?day=${day}`,
        headers: { cookie: owner() },
      });
      return answer.json<{ calls: { leadId: number }[] }>().calls.map((call) => call.leadId);
    };
    const timeline = async (app: FastifyInstance, id: number) =>
      (await app.inject({ url: `/api/candidate-submissions/${id}`, headers: { cookie: owner() } }))
        .json<{ timeline: { kind: string; text: string }[] }>()
        .timeline.filter((entry) => /call/i.test(entry.text))
        .map((entry) => entry.text);
    const pendingReminders = (testApp: TestApp, id: number) =>
      testApp.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('topic', '=', 'call.reminder')
        .where('state', '=', 'pending')
        .where('subject_id', '=', id)
        .execute();

    it.each([
      ['a recruiter sets enrolled', 'enrolled', 'Enrolled', 'you are enrolled in the training'],
      [
        'a bulk change sets placed',
        'placed',
        'Placed',
        'you have been placed with a partner company',
      ],
    ])(
      'cancels the call ahead when %s: its METHOD:CANCEL says why',
      async (how, status, label, why) => {
        const testApp = current();
        const { app } = testApp;
        const { email, id, start, uid } = await bookedApplicant(testApp);
        expect(await deskLeads(app, start)).toContain(id);
        expect(await pendingReminders(testApp, id)).toHaveLength(1);

        const moved = how.includes('bulk')
          ? await bulk(app, id, status)
          : await patchCandidateStatus(app, id, status);
        expect(moved.statusCode).toBe(200);
        // Committed with the change: the desk no longer lists it, and no reminder waits.
        expect(await deskLeads(app, start)).not.toContain(id);
        expect(await pendingReminders(testApp, id)).toEqual([]);

        const cancel = await mailTo(email, 'Your screening call is cancelled');
        expect(invitationIn(cancel.raw)).toMatchObject({
          method: 'CANCEL',
          uid,
          status: 'CANCELLED',
        });
        const text = readableMail(cancel);
        expect(text).toMatch(new RegExp(`is no longer needed: ${why}\\.`));
        expect(text).toContain('See where you stand on your status page:');
        expect(text).not.toContain('Book your call');
        await callMailsSettled(testApp, id);
        expect(subjectsTo(email)).toEqual([
          expect.stringMatching(/^Your screening call is booked/),
          'Your screening call is cancelled',
        ]);
        expect(await timeline(app, id)).toEqual([
          'Call booked by the person',
          'Call invitation e-mailed to the person',
          `Call cancelled on the move to ${label} by Owner`,
          'Call cancellation e-mailed to the person',
        ]);
      },
    );

    it.each([
      ['a recruiter', 'status_changed'],
      ['a bulk change', 'bulk_changed'],
    ])(
      "names %s's account and session on the cancelled call's audit entry",
      async (how, action) => {
        const testApp = current();
        const { app } = testApp;
        const { id } = await bookedApplicant(testApp);
        const moved = how.includes('bulk')
          ? await bulk(app, id, 'enrolled')
          : await patchCandidateStatus(app, id, 'enrolled');
        expect(moved.statusCode).toBe(200);
        const entries = (
          await app.inject({ url: '/api/admin/audit?limit=20', headers: { cookie: owner() } })
        ).json<{ action: string; actor: string; accountId: number; leadId: number | null }[]>();
        const change = entries.find((entry) => entry.action === action)!;
        const cancelled = entries.find(
          (entry) => entry.action === 'call_cancelled' && entry.leadId === id,
        );
        expect(change.actor).toMatch(/^Owner \(account \d+, session \d+\)$/);
        expect(cancelled).toMatchObject({ actor: change.actor, accountId: change.accountId });
      },
    );

    it('refuses a booking whose lead is enrolled just before its call is written', async () => {
      const testApp = current();
      const { app, db, kind } = testApp;
      const { id, proof, times } = await applicantWithProof(testApp, uniqueEmail('enrol-race'));
      // The booking's turn, taken after /book checked the status: the team enrols them then.
      const enrol = `UPDATE candidates SET status = 'enrolled' WHERE id = ${id}`;
      const statements =
        kind === 'sqlite'
          ? [`CREATE TRIGGER enrol AFTER UPDATE ON booking_turn BEGIN ${enrol}; END`]
          : [
              `CREATE FUNCTION enrol() RETURNS trigger LANGUAGE plpgsql
               AS $$ BEGIN ${enrol}; RETURN NULL; END $$`,
              `CREATE TRIGGER enrol AFTER UPDATE ON booking_turn
               FOR EACH ROW EXECUTE FUNCTION enrol()`,
            ];
      for (const statement of statements) await sql.raw(statement).execute(db);
      try {
        const booked = await book(app, proof, times[4]!);
        expect(booked.statusCode).toBe(403);
        expect(booked.json()).toEqual({ error: 'You are enrolled in the training.' });
      } finally {
        const drop = kind === 'sqlite' ? 'DROP TRIGGER enrol' : 'DROP FUNCTION enrol CASCADE';
        await sql.raw(drop).execute(db);
      }
      expect(await callsOf(db, id)).toEqual([]);
    });

    it('leaves a call already begun as it is', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const { email, id } = await bookedApplicant(testApp);
      await beginCall(db, id);
      expect((await patchCandidateStatus(app, id, 'enrolled')).statusCode).toBe(200);
      const call = await db
        .selectFrom('bookings')
        .select('cancelled_at')
        .where('lead_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(call.cancelled_at).toBeNull();
      await callMailsSettled(testApp, id);
      expect(subjectsTo(email)).toEqual([expect.stringMatching(/^Your screening call is booked/)]);
    });
  },
  mail.options,
);
