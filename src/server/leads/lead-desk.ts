import type { DatabaseConnection } from '../platform/database/connection';
import { tablesOf } from '../platform/database/connection';
import type { DatabaseReader } from '../platform/database/reader-thread';
import { forgetSubjectMessages } from '../platform/outbox/outbox';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import { LeadPipeline } from './pipeline/lead-pipeline';
import type { PipelineTables } from './pipeline/pipeline-tables';
import { FiguresFreshness, type FiguresFreshnessTables } from './queries/figures-freshness';
import { LeadListing } from './queries/lead-listing';
import { Overview } from './queries/overview-figures';
import type { AdminLeadTables } from './store/listing-tables';

/** Planner statistics for the dashboard's queries are refreshed this often (SQLite). */
const STATISTICS_INTERVAL_MS = 60 * 60 * 1000;

export interface LeadDeskOptions {
  /** How long the Overview's figures are cached (decision 121). */
  overviewCacheMs: number;
  /** Candidate statuses qualified, enrolled and placed go to Meta (decision 110). */
  statusEvents: boolean;
}

/**
 * What the team works the leads with: the listings and search, the Overview, the pipeline,
 * and the figures' freshness shared by every instance on PostgreSQL (decision 121). The
 * admin's routes are its HTTP side.
 */
export class LeadDesk {
  readonly freshness: FiguresFreshness;
  readonly listing: LeadListing;
  readonly overview: Overview;
  readonly pipeline: LeadPipeline;
  private statistics: NodeJS.Timeout | undefined;

  constructor(database: DatabaseConnection, reader: DatabaseReader, options: LeadDeskOptions) {
    const { db, dialect } = database;
    this.freshness = new FiguresFreshness(
      dialect === 'postgres' ? tablesOf<FiguresFreshnessTables>(db) : undefined,
    );
    const leads = tablesOf<AdminLeadTables>(db);
    this.overview = new Overview(leads, reader, options.overviewCacheMs, this.freshness);
    this.listing = new LeadListing(leads, dialect, {
      freshness: this.freshness,
      deleteWith: async (trx, table, id) => {
        await LeadPipeline.deleteActivity(trx, table, id);
        const leadType = table === 'candidates' ? 'candidate' : 'company';
        await forgetSubjectMessages(tablesOf<OutboxTables>(trx), leadType, id);
      },
    });
    this.pipeline = new LeadPipeline(
      tablesOf<PipelineTables>(db),
      dialect,
      this.listing,
      options.statusEvents,
    );
  }

  /** Planner statistics for the dashboard's queries (SQLite): now, then every hour. */
  async start(onError: (error: unknown) => void): Promise<void> {
    await this.listing.refreshStatistics();
    this.statistics = setInterval(() => {
      this.listing.refreshStatistics().catch(onError);
    }, STATISTICS_INTERVAL_MS);
    this.statistics.unref();
  }

  stop(): void {
    clearInterval(this.statistics);
  }
}
