import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { AVAILABILITY_URL, DEFAULT_AVAILABILITY } from '../../src/shared/booking-availability';
import { newAccount } from '../support/accounts';
import { signIn } from '../support/admin';
import { candidateIdOf, leadProofOf, postJson } from '../support/api';
import { writeCallMessages } from '../../src/server/bookings/call-messages';
import { tablesOf } from '../../src/server/platform/database/connection';
import type { OutboxTables } from '../../src/server/platform/outbox/outbox-tables';
import { beginCall } from '../support/calls';
import { eventually } from '../support/eventually';
import { validBodies } from '../support/lead-bodies';
import { readableMail, startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * The recruiter's side of booked calls (issue 43): the day's calls with each lead, marking them
 * (recruiters and owners, not viewers, and not before the call starts), the audit of every
 * change, the flag on a call left unmarked a day after its end, and a no-show's one "pick a new
 * time" message.
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const ZONE = 'America/Chicago';
const OPEN = {
  ...DEFAULT_AVAILABILITY,
  timeZone: ZONE,
  weekly: Object.fromEntries(
    Object.keys(DEFAULT_AVAILABILITY.weekly).map((day) => [
      day,
      [{ start: '00:00', end: '23:30' }],
    ]),
  ),
  minimumNoticeHours: 0,
  sameDay: true,
  dailyCap: 1000,
};
const MISSED = 'Subject: We missed you: pick a new time for your call';

interface Call {
  id: number;
  leadId: number;
  name: string | null;
  start: string;
  outcome: string | null;
  notMarked: boolean;
}

const hostDay = (iso: string) => DateTime.fromISO(iso).setZone(ZONE).toISODate()!;

describeEachDatabase(
  'the recruiter marks booked calls',
  (current) => {
    let owner: string;
    let recruiter: string;
    let viewer: string;
    beforeAll(async () => {
      const { app } = current();
      owner = await signIn(app);
      recruiter = (await newAccount(app, smtp, owner, 'recruiter')).cookie;
      viewer = (await newAccount(app, smtp, owner, 'viewer')).cookie;
      const saved = await app.inject({
        method: 'PUT',
        url: AVAILABILITY_URL,
        headers: { cookie: owner },
        payload: OPEN,
      });
      expect(saved.statusCode).toBe(200);
    });

    /** A candidate who applied and booked the fifth open slot: their e-mail, lead id and call. */
    async function booked(app: FastifyInstance) {
      const email = uniqueEmail('caller');
      const applied = await postJson(
        app,
        '/api/candidates/submit',
        validBodies.candidateApplication(email),
      );
      const cookie = leadProofOf(applied);
      const page = await app.inject({ url: '/api/booking', headers: { cookie } });
      const start = page.json<{ slots: { start: string }[] }>().slots[4]!.start;
      expect((await postJson(app, '/api/booking', { start }, { cookie })).statusCode).toBe(201);
      const leadId = await candidateIdOf(current().db, email);
      return { email, leadId, start, cookie };
    }
    const begin = (leadId: number) => beginCall(current().db, leadId);
    const dayCalls = async (app: FastifyInstance, day: string, cookie = recruiter) => {
      const response = await app.inject({
        url: `/api/admin/bookings?day=${day}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ timeZone: string; calls: Call[] }>().calls;
    };
    const mark = (app: FastifyInstance, id: number, outcome: string, cookie = recruiter) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${id}/outcome`,
        headers: { cookie },
        payload: { outcome },
      });
    const audit = async (app: FastifyInstance, action: string, leadId: number) =>
      (await app.inject({ url: `/api/admin/audit?action=${action}`, headers: { cookie: owner } }))
        .json<{ actor: string; leadId: number | null; detail: string | null }[]>()
        .filter((entry) => entry.leadId === leadId);

    it("lists the day's calls with each lead's name, lets a recruiter mark them once started and refuses a viewer", async () => {
      const { app } = current();
      const { leadId, start } = await booked(app);
      const calls = await dayCalls(app, hostDay(start), viewer);
      const call = calls.find((one) => one.leadId === leadId)!;
      expect(call).toMatchObject({ name: 'Ada Lovelace', start, outcome: null, notMarked: false });

      const outcomeOf = async (day: string) =>
        (await dayCalls(app, day)).find((one) => one.id === call.id)!.outcome;
      const refused = await mark(app, call.id, 'attended', viewer);
      expect(refused.statusCode).toBe(403);
      expect(await outcomeOf(hostDay(start))).toBe(null);

      // Before its start nobody can tell who came: refused, nothing changed, nothing audited.
      for (const outcome of ['attended', 'no_show', 'late']) {
        const early = await mark(app, call.id, outcome);
        expect(early.statusCode).toBe(409);
        expect(early.json()).toEqual({ error: 'This call has not started yet' });
      }
      expect(await outcomeOf(hostDay(start))).toBe(null);
      expect(await audit(app, 'call_marked', leadId)).toEqual([]);

      const started = await begin(leadId);
      const marked = await mark(app, call.id, 'late');
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ id: call.id, leadId, outcome: 'late' });
      expect(await outcomeOf(hostDay(started))).toBe('late');
      expect((await mark(app, call.id, 'maybe')).statusCode).toBe(400);
      expect((await mark(app, 999_999, 'attended')).statusCode).toBe(404);

      // The drawer's one request carries the lead's call.
      const drawer = await app.inject({
        url: `/api/candidate-submissions/${leadId}/drawer`,
        headers: { cookie: recruiter },
      });
      expect(drawer.json<{ booking: Call }>().booking).toMatchObject({
        id: call.id,
        start: started,
        outcome: 'late',
      });
    });

    it("answers today's calls without a day: today is the desk's zone's, whatever the browser's", async () => {
      const { app } = current();
      const { leadId } = await booked(app);
      const started = await begin(leadId);
      const response = await app.inject({
        url: '/api/admin/bookings',
        headers: { cookie: recruiter },
      });
      expect(response.statusCode).toBe(200);
      const answer = response.json<{ timeZone: string; today: string; calls: Call[] }>();
      expect(answer).toMatchObject({ timeZone: ZONE, today: hostDay(new Date().toISOString()) });
      // The call that has just started is today's: the one rule the desk's "Today" follows.
      expect(answer.calls.find((one) => one.leadId === leadId)).toMatchObject({ start: started });
      expect((await dayCalls(app, answer.today)).some((one) => one.leadId === leadId)).toBe(true);
      const bad = await app.inject({
        url: '/api/admin/bookings?day=2027-02-30',
        headers: { cookie: recruiter },
      });
      expect(bad.json()).toMatchObject({ fields: { day: 'A date as YYYY-MM-DD' } });
    });

    it('audits the booking by the person and the marking by the recruiter', async () => {
      const { app } = current();
      const { leadId, start } = await booked(app);
      const [bookedEntry] = await audit(app, 'call_booked', leadId);
      expect(bookedEntry?.actor).toBe('the person (booking page)');
      const call = (await dayCalls(app, hostDay(start))).find((one) => one.leadId === leadId)!;
      await begin(leadId);
      expect((await mark(app, call.id, 'attended')).statusCode).toBe(200);
      const [marked] = await audit(app, 'call_marked', leadId);
      expect(marked?.actor).toContain('A recruiter');
      expect(marked?.detail).toBe(`call ${call.id}: attended`);
    });

    it("shows the call in the lead's timeline: booked, moved, marked (by whom), cancelled, and each e-mail sent", async () => {
      const { app } = current();
      const { leadId, cookie } = await booked(app);
      // The drawer's one answer carries them, in the timeline's order.
      const timeline = async () =>
        (
          await app.inject({
            url: `/api/candidate-submissions/${leadId}/drawer`,
            headers: { cookie: recruiter },
          })
        )
          .json<{ lead: { timeline: { kind: string; text: string }[] } }>()
          .lead.timeline.filter((entry) => /call/i.test(entry.text));
      const texts = async (kind: string) =>
        (await timeline()).filter((entry) => entry.kind === kind).map((entry) => entry.text);
      // Each step's e-mail is sent before the next step (a later change drops an unsent one).
      const mailed = (count: number) =>
        eventually(async () => ((await texts('email_sent')).length === count ? true : undefined));
      await mailed(1);
      const page = await app.inject({ url: '/api/booking', headers: { cookie } });
      const later = page.json<{ slots: { start: string }[] }>().slots.at(-1)!.start;
      const moved = await postJson(app, '/api/booking/move', { start: later }, { cookie });
      expect(moved.statusCode).toBe(200);
      await mailed(2);
      await begin(leadId);
      const call = (await dayCalls(app, hostDay(new Date().toISOString()))).find(
        (one) => one.leadId === leadId,
      )!;
      expect((await mark(app, call.id, 'no_show')).statusCode).toBe(200);
      await mailed(3);
      expect((await postJson(app, '/api/booking/cancel', {}, { cookie })).statusCode).toBe(200);
      await mailed(4);

      expect(await texts('call')).toEqual([
        'Call booked by the person',
        'Call moved by the person',
        'Call marked No-show by A recruiter',
        'Call cancelled by the person',
      ]);
      expect(await texts('email_sent')).toEqual([
        'Call invitation e-mailed to the person',
        'New time of the call e-mailed to the person',
        'Missed call: "pick a new time" e-mailed to the person',
        'Call cancellation e-mailed to the person',
      ]);
    });

    it('flags a call left unmarked a day after its end, on its day and on later days', async () => {
      const { app, db } = current();
      const { leadId } = await booked(app);
      const start = new Date(Date.now() - 2 * 86_400_000).toISOString();
      const end = new Date(Date.now() - 2 * 86_400_000 + 30 * 60_000).toISOString();
      await db
        .updateTable('bookings')
        .set({ slot_start: start, slot_end: end })
        .where('lead_id', '=', leadId)
        .execute();
      const today = hostDay(new Date().toISOString());
      for (const day of [hostDay(start), today]) {
        const call = (await dayCalls(app, day)).find((one) => one.leadId === leadId);
        expect(call).toMatchObject({ start, notMarked: true });
      }
      await mark(
        app,
        (await dayCalls(app, today)).find((one) => one.leadId === leadId)!.id,
        'attended',
      );
      expect((await dayCalls(app, today)).some((one) => one.leadId === leadId)).toBe(false);
      expect(
        (await dayCalls(app, hostDay(start))).find((one) => one.leadId === leadId),
      ).toMatchObject({
        notMarked: false,
      });
    });

    /** A booked call, its "we missed you" messages as written, and those its person received. */
    async function missableCall(app: FastifyInstance) {
      const { db } = current();
      const { email, leadId, start } = await booked(app);
      const call = (await dayCalls(app, hostDay(start))).find((one) => one.leadId === leadId)!;
      const missedRows = () =>
        db
          .selectFrom('outbox_messages')
          .select('id')
          .where('topic', '=', 'call.missed')
          .where('subject_id', '=', leadId)
          .execute();
      const missedMails = () =>
        smtp.received.filter((one) => one.to.includes(email) && readableMail(one).includes(MISSED));
      return { leadId, call, missedRows, missedMails };
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

    it('asks a no-show once to pick a new time, however often they are marked', async () => {
      const { app } = current();
      const { leadId, call, missedRows, missedMails } = await missableCall(app);
      // Marked a no-show before its start: refused, and no message written.
      expect((await mark(app, call.id, 'no_show')).statusCode).toBe(409);
      expect(await missedRows()).toEqual([]);
      await begin(leadId);
      expect((await mark(app, call.id, 'no_show')).statusCode).toBe(200);
      expect((await mark(app, call.id, 'attended')).statusCode).toBe(200);
      expect((await mark(app, call.id, 'no_show')).statusCode).toBe(200);
      const mail = await eventually(() => missedMails()[0]);
      // Its button opens /book with the mailbox proof: one tap to the times.
      expect(readableMail(mail)).toMatch(/\/status\?token=[\w-]+&amp;next=book">Pick a new time</);
      expect(readableMail(mail)).toMatch(/\/status\?/);
      expect(await missedRows()).toHaveLength(1);
      await settle();
      expect(missedMails()).toHaveLength(1);
    });

    it('asks a no-show marked again after a correction, when the first message was dropped unsent', async () => {
      const { app, db } = current();
      const { leadId, call, missedRows, missedMails } = await missableCall(app);
      await begin(leadId);
      // Marked a no-show, then corrected to attended before the worker ran (no race in the test):
      // the call is attended, its "we missed you" written and still waiting.
      expect((await mark(app, call.id, 'attended')).statusCode).toBe(200);
      const row = await db
        .updateTable('bookings')
        .set({ missed_sent_at: new Date().toISOString() })
        .where('id', '=', call.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeCallMessages(tablesOf<OutboxTables>(db), 'missed', row, [], new Date());
      // The worker finds the message no longer true and drops it unsent.
      await eventually(async () => ((await missedRows()).length === 0 ? true : undefined));
      expect((await mark(app, call.id, 'no_show')).statusCode).toBe(200);
      await eventually(() => missedMails()[0]);
      await settle();
      expect(missedMails()).toHaveLength(1);
    });
  },
  { env: { SMTP_URL: smtp.url }, personWorker: { pollMs: 50 } },
);
