import type { Kysely } from 'kysely';
import { tablesOf, type AlsoWrite, type DatabaseConnection } from '../platform/database/connection';
import type { DialectName } from '../platform/database/migration-runner';
import { BulkChanges } from './workflows/pipeline/bulk-changes';
import { LeadPipeline, type CancelCall } from './workflows/pipeline/lead-pipeline';
import type { PipelineTables } from './records/pipeline-tables';
import { QuarantineDesk } from './workflows/quarantine/quarantine-desk';
import { expireQuarantined } from './workflows/quarantine/lead-quarantine';
import { PersonRecords } from './workflows/people/person-records';
import {
  MessageTemplates,
  type MessageTemplateTables,
} from './workflows/pipeline/message-templates';
import { leadWriteEffects, type LeadEffectsOptions } from './workflows/capture/lead-store';
import { LeadListing, type ListFilter } from './reads/lead-listing';
import { mergeCandidates } from './workflows/duplicates/lead-merge';
import { Overview } from './reads/overview-figures';
import type { LeadRecordTables, LeadRef, LeadTable } from './records/lead-tables';
import type { AdminLeadTables } from './records/listing-tables';
import { leadDetail } from './reads/lead-detail';
import { personCopy, type CallsOf } from './reads/person-copy';
import { recordDownload } from './workflows/people/person-writes';
import { acceptUnverified } from './workflows/people/unverified-forms';

const HOURLY_MS = 60 * 60 * 1000;

/** A lead released from quarantine has a new lead's effects (leadsPlugin's options). */
interface LeadDeskOptions extends LeadEffectsOptions {
  statusEvents: boolean;
  /** A candidate set to a closing status loses their call (the bookings' cancel). */
  cancelCall?: CancelCall;
}

/** What the team works the leads with; the admin's routes are its HTTP side. */
export class LeadDesk {
  readonly listing: LeadListing;
  readonly overview: Overview;
  readonly pipeline: LeadPipeline;
  readonly bulk: BulkChanges<ListFilter>;
  readonly quarantine: QuarantineDesk;
  readonly people: PersonRecords;
  readonly templates: MessageTemplates;
  private hourly: NodeJS.Timeout | undefined;
  private readonly db: Kysely<PipelineTables>;
  private readonly dialect: DialectName;

  constructor(database: DatabaseConnection, options: LeadDeskOptions) {
    const { db, dialect } = database;
    this.db = tablesOf<PipelineTables>(db);
    this.dialect = dialect;
    const leads = tablesOf<AdminLeadTables>(db);
    this.overview = new Overview(leads);
    this.listing = new LeadListing(leads, dialect);
    const { statusEvents, cancelCall } = options;
    this.pipeline = new LeadPipeline(this.db, dialect, statusEvents, cancelCall);
    this.people = new PersonRecords(db);
    this.templates = new MessageTemplates(tablesOf<MessageTemplateTables>(db));
    this.quarantine = new QuarantineDesk(tablesOf<LeadRecordTables>(db), leadWriteEffects(options));
    this.bulk = new BulkChanges({
      db: this.db,
      dialect,
      matching: async (table, filter, limit) => {
        const rows = await this.listing.matching(table, filter).select('id').limit(limit).execute();
        return rows.map((row) => row.id);
      },
      statusEvents,
      cancelCall,
    });
  }

  detail<Table extends LeadTable>(table: Table, id: number) {
    return leadDetail(this.db, this.listing, table, id);
  }

  /** The person's copy of their leads (/status), each lead's history saying so. */
  async personCopy(leads: LeadRef[], callsOf: CallsOf) {
    const copy = await personCopy(this.db, this.listing, leads, callsOf);
    await recordDownload(this.db, leads);
    return copy;
  }

  acceptUnverified(table: LeadTable, id: number, also?: AlsoWrite<unknown>) {
    return acceptUnverified(this.db, this.dialect, { table, id }, also);
  }

  mergeCandidates(
    merge: Parameters<typeof mergeCandidates>[2],
    within: AlsoWrite,
  ): Promise<boolean> {
    return mergeCandidates(this.db, this.dialect, merge, within);
  }

  /** Planner statistics, and quarantined forms past QUARANTINE_DAYS deleted: now, then hourly. */
  async start(onError: (error: unknown) => void): Promise<void> {
    await Promise.all([this.listing.refreshStatistics(), expireQuarantined(tablesOf(this.db))]);
    this.hourly = setInterval(() => {
      this.listing.refreshStatistics().catch(onError);
      expireQuarantined(tablesOf(this.db)).catch(onError);
    }, HOURLY_MS);
    this.hourly.unref();
  }

  stop(): void {
    clearInterval(this.hourly);
  }
}
