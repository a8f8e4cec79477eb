import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { expect } from 'vitest';
import {
  AVAILABILITY_URL,
  DEFAULT_AVAILABILITY,
  type Availability,
} from '../../src/shared/booking-availability';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { candidateIdOf, leadProofOf, postJson } from './api';
import { validBodies } from './lead-bodies';
import { eventually } from './eventually';
import { opened, statusLinkTo } from './status-page';
import { uniqueEmail, type TestApp } from './test-app';

/* Screening calls as a person books them through the API (issue 43). */

/** Open all day, every day, from now on: the tests run at any hour. */
const allDay = [{ start: '00:00', end: '23:30' }];
export const OPEN: Availability = {
  ...DEFAULT_AVAILABILITY,
  timeZone: 'America/Chicago',
  weekly: Object.fromEntries(
    Object.keys(DEFAULT_AVAILABILITY.weekly).map((day) => [day, allDay]),
  ) as Availability['weekly'],
  minimumNoticeHours: 0,
  sameDay: true,
  dailyCap: 1000,
};

/** `days` on at `clock` (HH:MM) on OPEN's wall clock, as the API writes a slot's start. */
export const openAt = (days: number, clock: string) =>
  DateTime.now()
    .setZone(OPEN.timeZone)
    .plus({ days })
    .set({ hour: Number(clock.slice(0, 2)), minute: Number(clock.slice(3)), second: 0 })
    .set({ millisecond: 0 })
    .toUTC()
    .toISO({ suppressMilliseconds: true })!;

/** Saves the availability of the host of `cookie` (an owner's or a recruiter's). */
export async function saveAvailability(app: FastifyInstance, cookie: string, settings: object) {
  const saved = await app.inject({
    method: 'PUT',
    url: AVAILABILITY_URL,
    headers: { cookie },
    payload: settings,
  });
  expect(saved.statusCode).toBe(200);
}

/** Opens every hour of every day to calls with the host of `cookie`. */
export const openForCalls = (app: FastifyInstance, cookie: string) =>
  saveAvailability(app, cookie, OPEN);

/** A candidate who applied in this browser: its form proof as a Cookie header. */
export async function applicant(app: FastifyInstance, email = uniqueEmail('booker')) {
  const response = await postJson(
    app,
    '/api/candidates/submit',
    validBodies.candidateApplication(email),
  );
  expect(response.statusCode).toBe(200);
  return leadProofOf(response);
}

/** GET /api/booking as the person of `cookie` reads it. */
export async function bookingPage<Page>(app: FastifyInstance, cookie: string): Promise<Page> {
  const response = await app.inject({ url: '/api/booking', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
}

/** `email` applies and opens their status link (the mailbox proof): the lead, proof and times. */
export async function applicantWithProof(testApp: TestApp, email: string) {
  const { app, db } = testApp;
  const body = validBodies.candidateApplication(email);
  expect((await postJson(app, '/api/candidates/submit', body)).statusCode).toBe(200);
  const id = await candidateIdOf(db, email);
  const proof = await opened(app, await statusLinkTo(testApp, { table: 'candidates', id }));
  const { slots } = await bookingPage<{ slots: { start: string }[] }>(app, proof);
  return { id, proof, times: slots.map((slot) => slot.start) };
}

/** Books (or, with `action` `/move`, moves to) `start` for the person of `cookie`. */
export const book = (app: FastifyInstance, cookie: string, start: string, action = '') =>
  postJson(app, `/api/booking${action}`, { start }, { cookie });

/** A second server on the same database (and data directory: the same proof key). */
export async function secondInstance(testApp: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig(testApp.env), logger: false });
  await app.ready();
  return app;
}

/** Books the person of `proof` (a Cookie header) the first slot two hours on or later. */
export async function bookCall(app: FastifyInstance, proof: string) {
  const { slots } = await bookingPage<{ slots: { start: string }[] }>(app, proof);
  // The first slots may pass while a test runs.
  const booked = await postJson(app, '/api/booking', { start: slots[4]!.start }, { cookie: proof });
  expect(booked.statusCode).toBe(201);
  return booked.json<{ booking: { start: string } }>();
}

/** The lead's calls, as ids: the tests that expect none read them here. */
export const callsOf = (db: TestApp['db'], leadId: number) =>
  db.selectFrom('bookings').select('id').where('lead_id', '=', leadId).execute();

/** The lead's live call begins: it started a minute ago (a call is marked once started). */
export async function beginCall(db: TestApp['db'], leadId: number) {
  const start = new Date(Date.now() - 60_000).toISOString();
  const end = new Date(Date.now() + 29 * 60_000).toISOString();
  await db
    .updateTable('bookings')
    .set({ slot_start: start, slot_end: end })
    .where('lead_id', '=', leadId)
    .where('cancelled_at', 'is', null)
    .execute();
  return start;
}

/** Marks the call of the candidate of `email`, begun, as a recruiter does (`cookie`: theirs). */
export async function markCall(testApp: TestApp, cookie: string, email: string, outcome: string) {
  const leadId = await candidateIdOf(testApp.db, email);
  await beginCall(testApp.db, leadId);
  const call = await testApp.db
    .selectFrom('bookings')
    .select('id')
    .where('lead_id', '=', leadId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  const marked = await testApp.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${call.id}/outcome`,
    headers: { cookie },
    payload: { outcome },
  });
  expect(marked.statusCode).toBe(200);
}

/** Waits until the outbox holds no call e-mail (reminders aside) for lead `id` (sent or dropped). */
export const callMailsSettled = (testApp: TestApp, id: number) =>
  eventually(async () => {
    const pending = await testApp.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('subject_id', '=', id)
      .where('topic', 'like', 'call.%')
      .where('topic', '!=', 'call.reminder')
      .where('state', '=', 'pending')
      .execute();
    return pending.length === 0 ? true : undefined;
  });
