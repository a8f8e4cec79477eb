import type { FastifyBaseLogger } from 'fastify';
import type { AdminAudit } from '../audit/audit-plugin';
import { countsText, type PersonData } from './person-data';
import { RepeatingTask } from '../../platform/schedule/repeating-task';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the retention runs: a while after start, then daily (tests: sooner). */
export const dailyRetention = { firstRunMs: 60_000, intervalMs: DAY_MS };
export type RetentionSchedule = typeof dailyRetention;

/** RETENTION_DAYS (decision 135): older leads erased daily; the log says counts only. */
export function retentionTask(
  people: PersonData,
  days: number,
  audit: AdminAudit,
  log: FastifyBaseLogger,
  intervalMs: number,
): RepeatingTask<void> {
  const run = async () => {
    const before = new Date(Date.now() - days * DAY_MS).toISOString();
    try {
      const erased = await people.eraseNotUpdatedSince(before, (trx, counts) =>
        audit.recordSystem(
          {
            action: 'retention_erasure',
            detail: `not updated for ${days} days: erased ${countsText(counts)}`,
          },
          'system (RETENTION_DAYS)',
          trx,
        ),
      );
      if (erased) log.info({ retentionDays: days, erased }, 'retention: erased');
      else log.info('retention: another instance is erasing; skipped');
    } catch (error) {
      // Name, code and message only: a database error's detail can quote a row's values.
      const { name, code, message } = error as { name?: string; code?: string; message?: string };
      log.error({ err: { type: name, code, message } }, 'retention failed; the next run retries');
    }
  };
  return new RepeatingTask(run, () => intervalMs);
}
