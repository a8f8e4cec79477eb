import { createHmac, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { tablesOf } from '../../../platform/database/connection';
import type { LeadQuarantineTables } from '../../records/quarantine-tables';
import { altchaProof, AltchaUsed, type AltchaUsedTables, type ProofOfWork } from './altcha-proof';
import { AddressCounters, type AddressCounterTables } from './address-counters';
import {
  FORM_TIME_COOKIE,
  FORM_TIME_MAX_AGE_S,
  needsNewFormTime,
  readFormTime,
  signFormTime,
} from './form-time-token';
import { cookieValue, type SiteCookies } from '../../../platform/http/cookies';

export interface SpamDefence {
  /** The same on every instance of one database; other keys derive from it. */
  formTimeKey: Buffer;
  /** ALTCHA, when a form asks for it (ALTCHA_FORMS). */
  proof: ProofOfWork | undefined;
  /** The per-address limits' counts: the lead routes' and the visit beacon's. */
  addressCounters: AddressCounters;
}

declare module 'fastify' {
  interface FastifyInstance {
    spamDefence: SpamDefence;
  }
}

const KEY_NAME = 'spam-key';

/** Generated once and kept in the database: every instance and restart signs alike. */
async function keptSpamKey(db: Kysely<LeadQuarantineTables>): Promise<Buffer> {
  await db
    .insertInto('spam_keys')
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('spam_keys')
    .select('value')
    .where('name', '=', KEY_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

/** Spam defence (decision 095): ALTCHA if a form has it; the time trap's cookie when invalid. */
export const spamPlugin = fp<{ altcha: boolean; cookies: SiteCookies }>(
  async (app, { altcha, cookies }) => {
    const formTimeKey = await keptSpamKey(tablesOf<LeadQuarantineTables>(app.database.db));
    const proof = altcha
      ? await altchaProof(
          createHmac('sha256', formTimeKey).update('altcha').digest('hex'),
          new AltchaUsed(tablesOf<AltchaUsedTables>(app.database.ephemeral), (error) =>
            app.log.warn({ err: error }, 'deleting expired ALTCHA ids failed'),
          ),
        )
      : undefined;
    const addressCounters = new AddressCounters(
      tablesOf<AddressCounterTables>(app.database.ephemeral),
      formTimeKey,
      (error) => app.log.warn({ err: error }, 'pruning old address counts failed'),
    );
    app.decorate('spamDefence', { formTimeKey, proof, addressCounters });

    app.addHook('onSend', async (request, reply) => {
      if (request.method !== 'GET' || reply.statusCode !== 200) return;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return;
      const now = Date.now();
      const kept = readFormTime(formTimeKey, cookieValue(request.headers.cookie, FORM_TIME_COOKIE));
      if (!needsNewFormTime(kept, now)) return;
      const token = signFormTime(formTimeKey, now);
      // Fastify adds a Set-Cookie to those already set.
      reply.header(
        'set-cookie',
        cookies.header(request, FORM_TIME_COOKIE, token, FORM_TIME_MAX_AGE_S),
      );
    });
  },
  { name: 'spam-defence' },
);
