import { tablesOf } from '../../platform/database/connection';
import { sql, type Expression, type Kysely } from 'kysely';
import { funnelStages, type FunnelStage, type FunnelStageKey } from '@shared/admin-funnel';
import type { LeadRecordTables } from '../records/lead-tables';
import { recoveredByReminders } from '../workflows/messages/candidate-reminders';

type AnyDb = Pick<Kysely<object>, 'getExecutor'>;

export type FunnelDimension = 'source_page' | 'landing_variant' | 'utm_source' | 'utm_campaign';

/**
 * The booked calls as rows `(lead_id, booked_at, attended, marked)`, one per candidate lead at most: a query of
 * the bookings capability, passed in by the composition root (this context reads no booking).
 */
export type BookedCalls = Expression<unknown>;

/** What reaches a stage past the lead by itself: an application by any path, a call, a status. */
const reachedOnItsOwn = (stage: FunnelStage, booked: BookedCalls | undefined) => {
  if ('status' in stage) return sql`status = ${sql.lit(stage.status)}`;
  if (!('call' in stage)) return sql`(questionnaire_completed = 1 or stage = 'application')`;
  if (!booked) return sql`1 = 0`;
  const attended = stage.call === 'attended' ? sql`where attended = 1` : sql``;
  return sql`id in (select lead_id from (${booked}) as calls ${attended})`;
};

/** Each stage counts the leads that reached it or a later one, so the funnel never rises. */
const stageCounts = (booked: BookedCalls | undefined) =>
  funnelStages.map(({ key }, index) => {
    if (key === 'leads') return sql<number | string>`count(*)`.as(key);
    const reached = sql.join(
      funnelStages.slice(index).map((stage) => reachedOnItsOwn(stage, booked)),
      sql` or `,
    );
    return sql<number | string>`sum(case when ${reached} then 1 else 0 end)`.as<FunnelStageKey>(
      key,
    );
  });

/** Candidates (or company leads) created in [fromIso, toIso). */
const leadsIn = (
  connection: AnyDb,
  fromIso: string,
  toIso: string,
  table: 'candidates' | 'companies' = 'candidates',
) =>
  tablesOf<LeadRecordTables>(connection)
    .selectFrom(table)
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso);

/**
 * Candidates created in [fromIso, toIso) per value of `dimension`, counted per funnel stage; only
 * those of `campaigns` (utm_campaign values) when given.
 */
export function funnelLeadsQuery(
  connection: AnyDb,
  dimension: FunnelDimension,
  fromIso: string,
  toIso: string,
  booked?: BookedCalls,
  campaigns?: readonly string[],
) {
  return leadsIn(connection, fromIso, toIso)
    .$if(campaigns !== undefined, (query) => query.where('utm_campaign', 'in', campaigns!))
    .select([
      sql<string | null>`${sql.ref(dimension)}`.as('key'),
      ...stageCounts(booked),
      sql<number | string>`sum(${recoveredByReminders})`.as('recoveredByReminders'),
    ])
    .groupBy(dimension);
}

/** Company leads created in [fromIso, toIso) per value of `dimension`, of `campaigns` if given. */
export function funnelCompaniesQuery(
  connection: AnyDb,
  dimension: FunnelDimension,
  fromIso: string,
  toIso: string,
  campaigns?: readonly string[],
) {
  return leadsIn(connection, fromIso, toIso, 'companies')
    .$if(campaigns !== undefined, (query) => query.where('utm_campaign', 'in', campaigns!))
    .select([
      sql<string | null>`${sql.ref(dimension)}`.as('key'),
      (eb) => eb.fn.countAll<number | string>().as('companies'),
    ])
    .groupBy(dimension);
}

/**
 * Leads created in [fromIso, toIso) per (campaign, UTC day, source page, variant, utm_source) of
 * `campaigns`: how a campaign's spend is shared when none of its visitors were counted.
 */
export function campaignPagesQuery(
  connection: AnyDb,
  campaigns: readonly string[],
  fromIso: string,
  toIso: string,
) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  return leadsIn(connection, fromIso, toIso)
    .select([
      'utm_campaign as campaign',
      day.as('day'),
      'source_page as page',
      'landing_variant as variant',
      'utm_source as source',
      (eb) => eb.fn.countAll<number | string>().as('leads'),
    ])
    .where('utm_campaign', 'in', campaigns)
    .groupBy(['utm_campaign', day, 'source_page', 'landing_variant', 'utm_source']);
}
/** Each booked candidate lead created in [fromIso, toIso): its key of `dimension`, its times. */
export function bookingTimesQuery(
  connection: AnyDb,
  dimension: FunnelDimension,
  booked: BookedCalls,
  fromIso: string,
  toIso: string,
) {
  return tablesOf<LeadRecordTables>(connection)
    .selectFrom('candidates')
    .innerJoin(
      sql<{ lead_id: number; booked_at: string; attended: number; marked: number }>`(${booked})`.as(
        'booked',
      ),
      (join) => join.onRef('booked.lead_id', '=', 'candidates.id'),
    )
    .select([
      sql<string | null>`${sql.ref(`candidates.${dimension}`)}`.as('key'),
      'candidates.created_at as createdAt',
      'booked.booked_at as bookedAt',
      'booked.attended',
      'booked.marked',
    ])
    .where('candidates.created_at', '>=', fromIso)
    .where('candidates.created_at', '<', toIso);
}

/** Candidates created in [fromIso, toIso) and placed now, per UTC day they arrived (the week chart). */
export function placedByDayQuery(connection: AnyDb, fromIso: string, toIso: string) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  return leadsIn(connection, fromIso, toIso)
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('placed')])
    .where(sql<boolean>`status = 'placed'`)
    .groupBy(day);
}
