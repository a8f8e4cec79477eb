import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  AVAILABILITY_URL,
  DEFAULT_AVAILABILITY,
  type Availability,
} from '../../src/shared/booking-availability';
import { candidateIdOf, postJson } from './api';
import type { TestApp } from './test-app';

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

/** Opens every hour of every day to calls (an owner's `cookie`). */
export async function openForCalls(app: FastifyInstance, cookie: string) {
  const saved = await app.inject({
    method: 'PUT',
    url: AVAILABILITY_URL,
    headers: { cookie },
    payload: OPEN,
  });
  expect(saved.statusCode).toBe(200);
}

/** Books the person of `proof` (a Cookie header) the first slot two hours on or later. */
export async function bookCall(app: FastifyInstance, proof: string) {
  const page = await app.inject({ url: '/api/booking', headers: { cookie: proof } });
  expect(page.statusCode).toBe(200);
  const { slots } = page.json<{ slots: { start: string }[] }>();
  // The first slots may pass while a test runs.
  const booked = await postJson(app, '/api/booking', { start: slots[4]!.start }, { cookie: proof });
  expect(booked.statusCode).toBe(201);
  return booked.json<{ booking: { start: string } }>();
}

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
