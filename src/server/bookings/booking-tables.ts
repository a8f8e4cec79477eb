import type { FastifyInstance } from 'fastify';
import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import { tablesOf } from '../platform/database/connection';
import { addColumns, autoIncrementId, createIndex } from '../platform/database/migration-columns';
import type { MigrationSet } from '../platform/database/migration-runner';
import type { WriteQueue } from '../platform/database/write-queue';
import { writeErasedCancels } from './call-messages';

export interface BookingTables {
  /** A host's availability as its JSON document: one row per account that saved one. */
  booking_availability: { account_id: number; settings: string; updated_at: string };
  /** A person's booked call; a moved one keeps its row and UID, a cancelled one is marked. */
  bookings: {
    id: Generated<number>;
    /** The candidate lead who booked (at most one booking not cancelled each). */
    lead_id: number;
    /** The account whose seat it holds (0: booked before hosts, with no owner to give it to). */
    host_id: number;
    /** The invitation's stable UID; `sequence` rises with each move (RFC 5545). */
    uid: string;
    sequence: number;
    slot_start: string;
    slot_end: string;
    created_at: string;
    updated_at: string;
    cancelled_at: string | null;
    /** The IANA zone the person chose: their e-mails say the time in it. */
    time_zone: string | null;
    /** What a recruiter marked (CALL_OUTCOMES); null until marked, and again after a move. */
    outcome: string | null;
    marked_at: string | null;
    /** When the no-show's "pick a new time" message was written: it is written once. */
    missed_sent_at: string | null;
    /** The start its last invitation sent said (what the person's calendar holds); null: none. */
    invited_start: string | null;
  };
  /** A host's seats in a slot: the primary key makes a seat taken at most once, anywhere. */
  booking_seats: { host_id: number; slot_start: string; seat: number; booking_id: number };
  /** One row (id 1) once saved: the knock-out questions as their JSON document. */
  booking_questions: { id: number; settings: string; updated_at: string };
  /** A person's answers to them, once (ScreeningAnswers as JSON, a "no"'s explanation with it). */
  booking_screening: { lead_id: number; answers: string; answered_at: string };
  /** One row: a booking updates it first, so bookings on every instance take turns (buffer, cap). */
  booking_turn: { id: number };
  /** A host's private calendar feed: the SHA-256 of its token, one per account. */
  booking_feeds: { account_id: number; token_hash: string; created_at: string };
}

export type BookingRow = Selectable<BookingTables['bookings']>;

export type PersonChange = 'booked' | 'moved' | 'cancelled';
/** A call cancelled by a status change: the lead's new status, set by `by` (its account, and
    how the audit log names it; null: the person's withdrawal). */
export type CallCause = { status: string; by: { accountId: number; name: string } | null };
/** Records a change in the audit log, in its transaction: the person's, unless `cause` says. */
export type ChangeRecorder = (
  change: PersonChange,
  booking: BookingRow,
  trx: Pick<Kysely<object>, 'getExecutor'>,
  cause?: CallCause,
) => Promise<void>;

export type BookingOutcome =
  | { kind: 'moved' | 'unchanged' | 'cancelled'; booking: BookingRow }
  /** `first`: the lead's first call ever (not a re-booking after a cancel): its conversion. */
  | { kind: 'booked'; booking: BookingRow; first: boolean }
  /** Nothing changed: seats just taken, not a slot (or past), the address's calls spent. */
  | { kind: 'filled' | 'not-a-slot' | 'busy-address' }
  /** Booking while holding another call; moving or cancelling one that took place (attended). */
  | { kind: 'has-booking' | 'took-place'; booking: BookingRow }
  | { kind: 'no-booking' }
  /** BOOKING_CHANGES_A_DAY reached: nothing changed. */
  | { kind: 'too-many' }
  /** The lead's status left them no call by the booking's write: its words (noCallWords). */
  | { kind: 'closed'; stage: string };

/** Where a held call stands: `ahead` (to move or cancel), else over (CallOver, decision 178). */
export function callStage(call: { slot_end: string; outcome: string | null }, now = Date.now()) {
  if (call.outcome === 'attended' || call.outcome === 'late') return 'attended';
  return call.outcome || Date.parse(call.slot_end) <= now ? 'missed' : 'ahead';
}

export const liveCalls = (db: Kysely<BookingTables>) =>
  db.selectFrom('bookings').selectAll().where('cancelled_at', 'is', null);

/** What each booking capability reads and writes through: the tables and the write queue. */
export class BookingData {
  protected readonly db: Kysely<BookingTables>;
  protected readonly writes: WriteQueue<BookingTables>;
  constructor(app: FastifyInstance) {
    this.db = tablesOf<BookingTables>(app.database.db);
    this.writes = app.writeQueue.forTables<BookingTables>();
  }
}

export const bookingMigrations: MigrationSet = (dialect) => ({
  '330_booking_tables': {
    async up(db: Kysely<unknown>) {
      await createSettingsTable(db, 'booking_availability');
      await db.schema
        .createTable('bookings')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('lead_id', 'integer', (c) => c.notNull())
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('slot_start', 'text', (c) => c.notNull())
        .addColumn('slot_end', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('cancelled_at', 'text')
        .execute();
      // A lead holds at most one live booking: a double submit's second insert does nothing.
      await db.schema
        .createIndex('bookings_live_lead_idx')
        .on('bookings')
        .column('lead_id')
        .unique()
        .where(sql.ref('cancelled_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('booking_seats')
        .addColumn('slot_start', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('booking_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('booking_seats_pk', ['slot_start', 'seat'])
        .execute();
      await seatsByBooking(db);
    },
  },
  '331_booking_time_zone': {
    up: (db) => db.schema.alterTable('bookings').addColumn('time_zone', 'text').execute(),
  },
  '340_booking_outcomes': {
    async up(db: Kysely<unknown>) {
      await addColumns(['bookings'], ['outcome', 'marked_at', 'missed_sent_at']).up(db);
      // The day's calls are read by start.
      await createIndex(db, 'bookings', 'start', ['slot_start']);
    },
  },
  '350_booking_screening': {
    async up(db: Kysely<unknown>) {
      await createSettingsTable(db, 'booking_questions');
      await db.schema
        .createTable('booking_screening')
        .addColumn('lead_id', 'integer', (c) => c.primaryKey())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '355_booking_hosts': { up: addHosts },
  '380_booking_invited': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('bookings').addColumn('invited_start', 'text').execute();
      // Sent, unless its invitation still waits in the outbox (then the new time's goes first).
      await sql`update bookings set invited_start = slot_start where cancelled_at is not null
        or not exists (select 1 from outbox_messages m where m.state = 'pending'
          and m.topic in ('call.booked', 'call.moved') and m.subject_type = 'candidate'
          and m.subject_id = bookings.lead_id)`.execute(db);
    },
  },
});

/** A settings document's table: one row per key (`id`), its JSON and when it was saved. */
const createSettingsTable = (db: Kysely<unknown>, table: string) =>
  db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

const seatsByBooking = (db: Kysely<unknown>) =>
  createIndex(db, 'booking_seats', 'booking', ['booking_id']);

/** Availability, bookings and seats by host: the one document saved before, and its calls, go
    to the oldest owner, so the site keeps offering calls; with no owner it goes. */
async function addHosts(db: Kysely<unknown>) {
  const { rows } = await sql<{ id: number | null }>`select min(id) as id from admin_accounts
    where role = 'owner' and disabled_at is null`.execute(db);
  const owner = rows[0]?.id ?? null;
  await db.schema.alterTable('booking_availability').renameColumn('id', 'account_id').execute();
  if (owner === null) await sql`delete from booking_availability`.execute(db);
  else await sql`update booking_availability set account_id = ${owner}`.execute(db);
  await db.schema
    .alterTable('bookings')
    .addColumn('host_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update bookings set host_id = ${owner ?? 0}`.execute(db);
  // A primary key cannot change in place on SQLite: the seats move to a new table.
  await db.schema
    .createTable('booking_host_seats')
    .addColumn('host_id', 'integer', (c) => c.notNull())
    .addColumn('slot_start', 'text', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('booking_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_host_seats_pk', ['host_id', 'slot_start', 'seat'])
    .execute();
  await sql`insert into booking_host_seats (host_id, slot_start, seat, booking_id)
    select ${owner ?? 0}, slot_start, seat, booking_id from booking_seats`.execute(db);
  await db.schema.dropTable('booking_seats').execute();
  await db.schema.alterTable('booking_host_seats').renameTo('booking_seats').execute();
  await seatsByBooking(db);
  await db.schema
    .createTable('booking_turn')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .execute();
  await sql`insert into booking_turn (id) values (1)`.execute(db);
  await db.schema
    .createTable('booking_feeds')
    .addColumn('account_id', 'integer', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

/** Erases these candidates' calls, seats and screening answers (a call ahead is cancelled in
    their calendar); answers how many calls and answers went. */
export async function eraseBookings(
  db: Kysely<BookingTables>,
  leads: readonly { id: number; email: string }[],
): Promise<{ calls: number; screening: number }> {
  if (leads.length === 0) return { calls: 0, screening: 0 };
  await writeErasedCancels(tablesOf(db), leads);
  const leadIds = leads.map((lead) => lead.id);
  const screening = await db
    .deleteFrom('booking_screening')
    .where('lead_id', 'in', leadIds)
    .executeTakeFirst();
  const bookings = db.selectFrom('bookings').select('id').where('lead_id', 'in', leadIds);
  await db.deleteFrom('booking_seats').where('booking_id', 'in', bookings).execute();
  const calls = await db.deleteFrom('bookings').where('lead_id', 'in', leadIds).executeTakeFirst();
  return { calls: Number(calls.numDeletedRows), screening: Number(screening.numDeletedRows) };
}

/** The calls the funnel counts as booked (decision 177): not cancelled, with when each was first
    booked (a move keeps the row) and its mark. */
export const bookedCalls = (db: Pick<Kysely<object>, 'getExecutor'>) =>
  tablesOf<BookingTables>(db)
    .selectFrom('bookings')
    .select([
      'lead_id',
      'created_at as booked_at',
      // Late is attended: the person came (CALL_OUTCOMES).
      sql<number>`case when outcome in ('attended', 'late') then 1 else 0 end`.as('attended'),
      sql<number>`case when outcome is null then 0 else 1 end`.as('marked'),
    ])
    .where('cancelled_at', 'is', null);
