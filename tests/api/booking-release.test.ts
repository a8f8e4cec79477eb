import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { signIn } from '../support/admin';
import { candidateIdOf, leadProofOf, postJson } from '../support/api';
import { invitationIn } from '../support/calendar-mail';
import { openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { validBodies } from '../support/lead-bodies';
import { readableMail, startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * An admin's delete of a candidate, and a merge that removes one, release its call (issue 43):
 * the seat is offered again and the pending reminders go; a merge hands the call to the kept lead
 * when it holds none, else cancels it with a METHOD:CANCEL invitation; its call history goes along.
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

describeEachDatabase(
  "releasing a removed lead's call",
  (current) => {
    let owner: string;
    beforeAll(async () => {
      owner = await signIn(current().app);
      await openForCalls(current().app, owner);
    });

    /** A candidate who applied: their address, lead id and form proof. */
    async function applicant(app: FastifyInstance) {
      const email = uniqueEmail('release');
      const applied = await postJson(
        app,
        '/api/candidates/submit',
        validBodies.candidateApplication(email),
      );
      expect(applied.statusCode).toBe(200);
      return {
        email,
        leadId: await candidateIdOf(current().db, email),
        proof: leadProofOf(applied),
      };
    }
    const offered = async (app: FastifyInstance, proof: string) =>
      (await app.inject({ url: '/api/booking', headers: { cookie: proof } }))
        .json<{ slots: { start: string }[] }>()
        .slots.map((slot) => slot.start);
    /** Books the `index`th slot offered (hours ahead: its reminder, a minute before, waits). */
    async function bookedCall(app: FastifyInstance, index: number) {
      const person = await applicant(app);
      const start = (await offered(app, person.proof))[index]!;
      const booked = await postJson(app, '/api/booking', { start }, { cookie: person.proof });
      expect(booked.statusCode).toBe(201);
      return { ...person, start };
    }
    const callsOf = (testApp: TestApp, leadId: number) =>
      testApp.db
        .selectFrom('bookings')
        .select(['id', 'uid', 'slot_start', 'cancelled_at'])
        .where('lead_id', '=', leadId)
        .orderBy('id')
        .execute();
    const pendingReminders = (testApp: TestApp, leadId: number) =>
      testApp.db
        .selectFrom('outbox_messages')
        .select('payload')
        .where('topic', '=', 'call.reminder')
        .where('state', '=', 'pending')
        .where('subject_id', '=', leadId)
        .execute();
    const merge = (app: FastifyInstance, keptId: number, otherId: number) =>
      app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${keptId}/merge`,
        headers: { cookie: owner },
        payload: { otherId },
      });
    const drawer = async (app: FastifyInstance, leadId: number) =>
      (
        await app.inject({
          url: `/api/candidate-submissions/${leadId}/drawer`,
          headers: { cookie: owner },
        })
      ).json<{ booking?: { start: string }; screening?: { question: string; answer: string }[] }>();
    /** The lead's call history: its timeline's call events, and the audit's call entries. */
    async function callHistory(app: FastifyInstance, leadId: number) {
      const detail = await app.inject({
        url: `/api/candidate-submissions/${leadId}`,
        headers: { cookie: owner },
      });
      const audit = await app.inject({ url: '/api/admin/audit', headers: { cookie: owner } });
      return {
        // None for a removed lead (404).
        timeline: (detail.json<{ timeline?: { kind: string; text: string }[] }>().timeline ?? [])
          .filter((event) => event.kind === 'call')
          .map((event) => event.text),
        audit: audit
          .json<{ action: string; leadId: number | null; detail: string }[]>()
          .filter((entry) => entry.leadId === leadId && entry.action.startsWith('call_'))
          .map((entry) => `${entry.action} ${entry.detail}`),
      };
    }
    /** Knock-out answers as /book stores them (the questions' own tests answer through it). */
    const answered = (testApp: TestApp, leadId: number, answer: 'yes' | 'no') =>
      testApp.db
        .insertInto('booking_screening')
        .values({
          lead_id: leadId,
          answers: JSON.stringify([{ question: 'Are you 18 or older?', answer }]),
          answered_at: new Date().toISOString(),
        })
        .execute();

    it("deletes a candidate's call with it: the seat is offered again, its reminder goes", async () => {
      const testApp = current();
      const { app } = testApp;
      const { leadId, start } = await bookedCall(app, 6);
      expect(await pendingReminders(testApp, leadId)).toHaveLength(1);
      const other = await applicant(app);
      expect(await offered(app, other.proof)).not.toContain(start);

      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/candidate-submissions/${leadId}`,
        headers: { cookie: owner },
      });
      expect(deleted.statusCode).toBe(204);
      expect(await callsOf(testApp, leadId)).toEqual([]);
      expect(await pendingReminders(testApp, leadId)).toEqual([]);
      expect(await offered(app, other.proof)).toContain(start);
    });

    it('hands the removed lead its call to a kept lead holding none: the seat stays taken', async () => {
      const testApp = current();
      const { app } = testApp;
      const kept = await applicant(app);
      const removed = await bookedCall(app, 7);
      const [call] = await callsOf(testApp, removed.leadId);
      await answered(testApp, removed.leadId, 'yes');

      expect((await merge(app, kept.leadId, removed.leadId)).statusCode).toBe(200);
      expect(await callsOf(testApp, kept.leadId)).toEqual([call]);
      // Its history goes with it: the kept lead's timeline tells the booking; the old id, nothing.
      expect(await callHistory(app, kept.leadId)).toEqual({
        timeline: ['Call booked by the person'],
        audit: [`call_booked call ${call!.id}`],
      });
      expect((await callHistory(app, removed.leadId)).audit).toEqual([]);
      expect(await drawer(app, kept.leadId)).toMatchObject({
        booking: { start: removed.start },
        screening: [{ question: 'Are you 18 or older?', answer: 'yes' }],
      });
      // Its reminder is the kept lead's now, still waiting; the slot is still full.
      expect(await pendingReminders(testApp, kept.leadId)).toHaveLength(1);
      const third = await applicant(app);
      expect(await offered(app, third.proof)).not.toContain(removed.start);
    });

    it("cancels the removed lead's call when the kept lead holds one: seat freed, reminder dropped, METHOD:CANCEL sent", async () => {
      const testApp = current();
      const { app } = testApp;
      const kept = await bookedCall(app, 8);
      const removed = await bookedCall(app, 9);
      // Its invitation went: a call cancelled before then is cancelled unsaid.
      await eventually(() => smtp.received.find((mail) => mail.to.includes(removed.email)));
      const [keptCall] = await callsOf(testApp, kept.leadId);
      const [removedCall] = await callsOf(testApp, removed.leadId);
      await answered(testApp, kept.leadId, 'yes');
      await answered(testApp, removed.leadId, 'no');

      expect((await merge(app, kept.leadId, removed.leadId)).statusCode).toBe(200);
      const calls = await callsOf(testApp, kept.leadId);
      expect(calls.map((call) => [call.id, call.cancelled_at === null])).toEqual([
        [keptCall!.id, true],
        [removedCall!.id, false],
      ]);
      // Both calls' histories are the kept lead's: each booking, then the merge's cancel.
      expect((await callHistory(app, kept.leadId)).audit.sort()).toEqual(
        [
          `call_booked call ${keptCall!.id}`,
          `call_booked call ${removedCall!.id}`,
          `call_cancelled call ${removedCall!.id}: merged into a lead holding one`,
        ].sort(),
      );
      expect((await callHistory(app, removed.leadId)).audit).toEqual([]);
      // The kept lead's call and answers stand.
      expect(await drawer(app, kept.leadId)).toMatchObject({
        booking: { start: kept.start },
        screening: [{ answer: 'yes' }],
      });
      // Only the kept call's reminder waits.
      const reminders = await pendingReminders(testApp, kept.leadId);
      expect(reminders.map((row) => JSON.parse(row.payload).bookingId)).toEqual([keptCall!.id]);
      const third = await applicant(app);
      const open = await offered(app, third.proof);
      expect(open).toContain(removed.start);
      expect(open).not.toContain(kept.start);

      // The person (the kept lead's address) gets the cancellation of that call's invitation.
      const cancel = await eventually(() =>
        smtp.received.find(
          (mail) =>
            mail.to.includes(kept.email) &&
            readableMail(mail).includes('Subject: Your screening call is cancelled'),
        ),
      );
      expect(invitationIn(cancel.raw)).toMatchObject({
        method: 'CANCEL',
        uid: removedCall!.uid,
        status: 'CANCELLED',
      });
      const audit = (
        await app.inject({
          url: '/api/admin/audit?action=call_cancelled',
          headers: { cookie: owner },
        })
      ).json<{ leadId: number; detail: string; actor: string }[]>();
      expect(audit.find((entry) => entry.leadId === kept.leadId)).toMatchObject({
        detail: `call ${removedCall!.id}: merged into a lead holding one`,
        actor: expect.stringContaining('account'),
      });
    });
  },
  { env: { SMTP_URL: smtp.url, CALL_REMINDERS: '1m' }, personWorker: { pollMs: 50 } },
);
