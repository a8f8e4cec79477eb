import type { FastifyPluginAsync } from 'fastify';
import ical from 'ical-generator';
import { calendarFeedPath } from '@shared/booking-availability';
import { DAY_MS } from '@shared/calendar-day';
import { statusApi } from '../leads';
import { tablesOf, type AlsoWrite } from '../platform/database/connection';
import { newToken, sha256Hex } from '../platform/http/tokens';
import { takesCalls } from './booking-hosts';
import { BookingData, liveCalls } from './booking-tables';

/* Each host's private calendar feed (issue 43): a secret link, kept as its SHA-256 only. */

/** The feed lists calls from this many days ago on. */
const PAST_DAYS = 30;
/** The most calls one feed lists: a bound on one request's work. */
const MOST_EVENTS = 1000;

export class CalendarFeeds extends BookingData {
  async createdAt(accountId: number) {
    const row = await this.db
      .selectFrom('booking_feeds')
      .select('created_at')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  /** A new link for the account, shown once, `audited` with it; the one before answers 404. */
  async reset(accountId: number, audited: AlsoWrite, now = new Date()) {
    const token = newToken();
    const values = { token_hash: sha256Hex(token), created_at: now.toISOString() };
    await this.writes.run(async (trx) => {
      await trx
        .insertInto('booking_feeds')
        .values({ account_id: accountId, ...values })
        .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
        .execute();
      await audited(trx);
    });
    return { path: calendarFeedPath(token), createdAt: values.created_at };
  }

  /** The live calls of the host holding `token` from PAST_DAYS ago on, as iCalendar: the person's
      first name and the lead's admin link (no phone, no e-mail). */
  async feed(token: string, siteUrl: string, now = new Date()) {
    const holder = await this.db
      .selectFrom('booking_feeds')
      .select('account_id')
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    // A disabled account's link (someone who left) ends with the account.
    if (!holder || !(await takesCalls(this.db, holder.account_id))) return undefined;
    const calls = await liveCalls(this.db)
      .where('host_id', '=', holder.account_id)
      .where('slot_start', '>=', new Date(now.getTime() - PAST_DAYS * DAY_MS).toISOString())
      .orderBy('slot_start')
      .limit(MOST_EVENTS)
      .execute();
    const ids = calls.map((call) => Number(call.lead_id));
    // The event's summary says whom the call is with by their first name alone.
    const names = await statusApi.candidateFirstNames(tablesOf(this.db), ids);
    const calendar = ical({ name: 'Screening calls' });
    for (const call of calls) {
      const lead = `${siteUrl.replace(/\/+$/, '')}/admin?candidate=${call.lead_id}`;
      calendar.createEvent({
        id: call.uid,
        sequence: call.sequence,
        start: new Date(call.slot_start),
        end: new Date(call.slot_end),
        stamp: new Date(call.updated_at),
        summary: `Screening call: ${names.get(Number(call.lead_id)) ?? 'a candidate'}`,
        description: `The lead: ${lead}`,
        url: lead,
      });
    }
    return calendar.toString();
  }
}

/** GET /calendar/<token>.ics: a host's calls for their calendar app; the token is the proof.
    Outside /api/, so out of the OpenAPI document. */
export const calendarFeedRoute: FastifyPluginAsync<{ siteUrl: string }> = async (
  app,
  { siteUrl },
) => {
  const feeds = new CalendarFeeds(app);
  app.get<{ Params: { file: string } }>('/calendar/:file', async (request, reply) => {
    const token = /^([\w-]{1,64})\.ics$/.exec(request.params.file)?.[1];
    const feed = token && (await feeds.feed(token, siteUrl));
    if (!feed) return reply.code(404).send({ error: 'No such calendar' });
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .send(feed);
  });
};
