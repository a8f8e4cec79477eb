import type { FastifyBaseLogger } from 'fastify';
import type { PersonCounts } from '@shared/admin-person';
import type { AdminAudit } from '../audit/audit-plugin';
import { countsText, type PersonData } from './person-data';
import { RepeatingTask } from '../../platform/schedule/repeating-task';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the retention runs: a while after start, then daily (tests: sooner). */
const dailyRetention = { firstRunMs: 60_000, intervalMs: DAY_MS };
export type RetentionSchedule = typeof dailyRetention;

/** RETENTION_DAYS (decision 135): older leads erased daily; the log says counts only. */
export class Retention {
  private readonly daily: RepeatingTask<PersonCounts | undefined>;

  constructor(
    private readonly people: PersonData,
    private readonly days: number,
    private readonly audit: AdminAudit,
    private readonly log: FastifyBaseLogger,
    private readonly schedule: RetentionSchedule = dailyRetention,
  ) {
    this.daily = new RepeatingTask(
      () => this.run(),
      () => schedule.intervalMs,
    );
  }

  start(): void {
    this.daily.start(this.schedule.firstRunMs);
  }

  stop(): Promise<void> {
    return this.daily.stop();
  }

  /** One pass; the counts erased (undefined: another instance held the lock, or it failed). */
  async run(now = new Date()): Promise<PersonCounts | undefined> {
    const before = new Date(now.getTime() - this.days * DAY_MS).toISOString();
    try {
      const erased = await this.people.eraseNotUpdatedSince(before, (trx, counts) =>
        this.audit.recordSystem(
          {
            action: 'retention_erasure',
            detail: `not updated for ${this.days} days: erased ${countsText(counts)}`,
          },
          'system (RETENTION_DAYS)',
          trx,
        ),
      );
      if (erased) this.log.info({ retentionDays: this.days, erased }, 'retention: erased');
      else this.log.info('retention: another instance is erasing; skipped');
      return erased;
    } catch (error) {
      // Name, code and message only: a database error's detail can quote a row's values.
      const { name, code, message } = error as { name?: string; code?: string; message?: string };
      this.log.error(
        { err: { type: name, code, message } },
        'retention failed; the next run retries',
      );
      return undefined;
    }
  }
}
