import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { normalizeEmail } from '../../src/server/leads/records/upsert';
import type { Database } from '../../src/server/database';
import { BROWSER_USER_AGENT } from './browser-user-agent';

/** What else a browser's post carries: its cookies, and headers such as Sec-GPC. */
export interface BrowserPost {
  cookie?: string | undefined;
  headers?: Record<string, string>;
}

/** POSTs `body` as JSON, the way the browser's forms do (with a browser's user agent). */
export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  { cookie, headers }: BrowserPost = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'user-agent': BROWSER_USER_AGENT,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: JSON.stringify(body),
  });
}

/**
 * The form proof a form's answer gave this browser (decision 176), as a Cookie header value:
 * later forms with it may change the lead.
 */
export function leadProofOf(response: LightMyRequestResponse): string {
  const proof = response.cookies.find((cookie) => cookie.name === 'tb_lead');
  if (!proof) throw new Error('the answer gave no lead proof');
  return `tb_lead=${proof.value}`;
}

export function candidatesWithEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('candidates')
    .selectAll()
    .where('email_normalized', '=', normalizeEmail(email))
    .execute();
}

/** The id of the candidate with `email`: the public answers name none. */
export async function candidateIdOf(db: Kysely<Database>, email: string): Promise<number> {
  const [row] = await candidatesWithEmail(db, email);
  if (!row) throw new Error(`no candidate ${email}`);
  return row.id;
}

/** A candidate's Meta events in the outbox (decision 110), oldest first. */
export function candidateMetaRows(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('outbox_messages')
    .select(['topic', 'state'])
    .where('destination', '=', 'meta')
    .where('subject_type', '=', 'candidate')
    .where('subject_id', '=', id)
    .orderBy('id')
    .execute();
}

export function companiesWithEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('companies')
    .selectAll()
    .where('email_normalized', '=', normalizeEmail(email))
    .execute();
}

/** Rows in both lead tables: "stores nothing" means this does not change. */
export async function leadCount(db: Kysely<Database>): Promise<number> {
  const count = async (table: 'candidates' | 'companies') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return (await count('candidates')) + (await count('companies'));
}

export const INVALID = 'Please check the highlighted fields';

/** The lead limits count per clock minute: a burst starts well inside one, not at its edge. */
export async function awayFromMinuteEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
