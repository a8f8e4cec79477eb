import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { tablesOf } from '../../../platform/database/connection';
import type { Mailer } from '../../../platform/mail/mailer';
import { startOutboxWorker, type WorkerSettings } from '../../../platform/outbox/outbox-worker';
import { RepeatingTask } from '../../../platform/schedule/repeating-task';
import { writeDueReminders } from './candidate-reminders';
import type { PersonMailContext } from './person-mail';
import type { CallOffer } from '../people/status-words';
import type { MailAllowance } from './mail-allowance';
import { personRoutes } from './person-routes';
import { personSender, unsubscribeKey, type PersonMessageTables } from './person-sender';

export interface PersonMessagesOptions {
  /** The daily caps on mail to a person ("Lost your link?" here). */
  mailAllowance: MailAllowance;
  /** Caps "Lost your link?" per client address a day too (off with LEAD_RATE_LIMIT=0). */
  perAddress: boolean;
  mailer: Mailer;
  context: PersonMailContext;
  statusLinkDays: number;
  /** REMINDER_DELAYS in ms, shortest first; empty: no reminders. */
  reminderDelaysMs: readonly number[];
  /** The candidate's call: booked (no confirmation goes), or a time open ("Book your call"). */
  offersCall: CallOffer;
  worker?: WorkerSettings;
}

/** The person's messages (decision 154): their outbox worker, due reminders, their own requests. */
export const personMessagesPlugin: FastifyPluginAsync<PersonMessagesOptions> = async (
  app,
  options,
) => {
  await app.register(formbody, { bodyLimit: 4 * 1024 });
  await app.register(personRoutes, options);
  if (options.worker?.enabled === false) return;

  const db = tablesOf<PersonMessageTables>(app.database.db);
  const delaysMs = options.reminderDelaysMs;
  // Due reminders are looked for every quarter of the shortest delay, within 1 s to 1 min.
  const pollMs = Math.min(60_000, Math.max(1_000, Math.round((delaysMs[0] ?? 0) / 4)));
  const reminders = new RepeatingTask(
    () => writeDueReminders(tablesOf(db), delaysMs, new Date()),
    () => pollMs,
    (error) => app.log.warn({ err: error }, 'writing due reminders failed'),
  );
  app.addHook('onReady', async () => {
    if (delaysMs.length > 0) reminders.start(pollMs);
  });
  // Hooks close in reverse: the worker stops before the reminders.
  app.addHook('onClose', async () => reminders.stop());
  startOutboxWorker(app, 'person message', {
    senders: {
      person: personSender({
        ...options,
        db,
        writes: app.writeQueue.forTables<PersonMessageTables>(),
        unsubscribeKey: unsubscribeKey(app.spamDefence.formTimeKey),
      }),
    },
    ...options.worker,
  });
};
