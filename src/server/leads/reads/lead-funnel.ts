import { tablesOf, type SharedTransaction } from '../../platform/database/connection';
import { sql, type Expression } from 'kysely';
import { funnelStages, type FunnelStage, type FunnelStageKey } from '@shared/admin-funnel';
import type { LeadRecordTables } from '../records/lead-tables';
import { recoveredByReminders } from '../workflows/messages/candidate-reminders';

export type FunnelDimension = 'source_page' | 'landing_variant' | 'utm_source' | 'utm_campaign';

/** The bookings' query of booked calls `(lead_id, booked_at, attended, marked)`, one a candidate. */
export type BookedCalls = Expression<unknown>;

/** What reaches a stage past the lead by itself: an application by any path, a call, a status. */
const reachedOnItsOwn = (stage: FunnelStage, booked: BookedCalls) => {
  if ('status' in stage) return sql`status = ${sql.lit(stage.status)}`;
  if (!('call' in stage)) return sql`(questionnaire_completed = 1 or stage = 'application')`;
  const attended = stage.call === 'attended' ? sql`where attended = 1` : sql``;
  return sql`id in (select lead_id from (${booked}) as calls ${attended})`;
};

/** Each stage counts the leads that reached it or a later one, so the funnel never rises. */
const stageCounts = (booked: BookedCalls) =>
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

/** The UTC day a lead arrived, YYYY-MM-DD. */
export const arrivalDay = sql<string>`substr(created_at, 1, 10)`;

/** Candidates (or company leads) created in [fromIso, toIso), of `campaigns` (utm_campaign) if given. */
const leadsIn = (
  connection: SharedTransaction,
  fromIso: string,
  toIso: string,
  table: 'candidates' | 'companies' = 'candidates',
  campaigns?: readonly string[],
) =>
  tablesOf<LeadRecordTables>(connection)
    .selectFrom(table)
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .$if(campaigns !== undefined, (query) => query.where('utm_campaign', 'in', campaigns!));

/** Candidates created in [fromIso, toIso) per value of `dimension`, counted per funnel stage. */
export function funnelLeadsQuery(
  connection: SharedTransaction,
  dimension: FunnelDimension,
  fromIso: string,
  toIso: string,
  booked: BookedCalls,
  campaigns?: readonly string[],
) {
  return leadsIn(connection, fromIso, toIso, 'candidates', campaigns)
    .select([
      sql<string | null>`${sql.ref(dimension)}`.as('key'),
      ...stageCounts(booked),
      sql<number | string>`sum(${recoveredByReminders})`.as('recoveredByReminders'),
    ])
    .groupBy(dimension);
}

export function funnelCompaniesQuery(
  connection: SharedTransaction,
  dimension: FunnelDimension,
  fromIso: string,
  toIso: string,
  campaigns?: readonly string[],
) {
  return leadsIn(connection, fromIso, toIso, 'companies', campaigns)
    .select([
      sql<string | null>`${sql.ref(dimension)}`.as('key'),
      (eb) => eb.fn.countAll<number | string>().as('companies'),
    ])
    .groupBy(dimension);
}

/** Leads of `campaigns` per (campaign, day, page, variant, source): shares spend without visits. */
export function campaignPagesQuery(
  connection: SharedTransaction,
  campaigns: readonly string[],
  fromIso: string,
  toIso: string,
) {
  return leadsIn(connection, fromIso, toIso, 'candidates', campaigns)
    .select([
      'utm_campaign as campaign',
      arrivalDay.as('day'),
      'source_page as page',
      'landing_variant as variant',
      'utm_source as source',
      (eb) => eb.fn.countAll<number | string>().as('leads'),
    ])
    .groupBy(['utm_campaign', arrivalDay, 'source_page', 'landing_variant', 'utm_source']);
}

/** Each booked candidate lead created in [fromIso, toIso): its key of `dimension`, its times. */
export function bookingTimesQuery(
  connection: SharedTransaction,
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
export function placedByDayQuery(connection: SharedTransaction, fromIso: string, toIso: string) {
  return leadsIn(connection, fromIso, toIso)
    .select([arrivalDay.as('day'), (eb) => eb.fn.countAll<number | string>().as('placed')])
    .where(sql<boolean>`status = 'placed'`)
    .groupBy(arrivalDay);
}
