import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { PageState } from '@shared/page-state';
import { LANDING_PARAMS } from '@shared/landing-params';
import { PREFILL_COOKIE, PREFILL_KEYS } from '@shared/prefill-cookie';
import { parsedJson } from '../../../platform/database/parsed-json';
import { cookieValue, type SiteCookies } from '../../../platform/http/cookies';
import { tablesOf } from '../../../platform/database/connection';
import { createIndex } from '../../../platform/database/migration-columns';
import type { MigrationSet } from '../../../platform/database/migration-runner';

export interface FormFlashTables {
  /** `id`: the random id the visitor's HttpOnly cookie holds; `state`: PageState as JSON. */
  form_flashes: { id: string; route: string; state: string; expires: number };
}

/** UNLOGGED on PostgreSQL: a minutes-long flash of typed text stays out of the WAL. */
export const formFlashMigrations: MigrationSet = (dialect) => ({
  '147_form_flashes': {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('form_flashes');
      await (dialect === 'postgres' ? table.modifyFront(sql`unlogged`) : table)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'form_flashes', 'expires', ['expires']);
    },
  },
});

/** An opaque id (HttpOnly): what it points to stays on the server. */
const FLASH_COOKIE = 'tb_form';

const FLASH_TTL_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60_000;
const PREFILL_MAX_AGE_S = 30 * 60;
/** Longer than any prefilled field (an e-mail is at most 254 characters). */
const MAX_PREFILL_LENGTH = 300;

/** The landing's UTM values and fbclid, for a form posted without JavaScript (HttpOnly). */
const LANDING_COOKIE = 'tb_landing';
const LANDING_MAX_AGE_S = 24 * 60 * 60;
/** The longest landing value the attribution keeps (fbclid's). */
const MAX_LANDING_LENGTH = 500;

/** A URL's (or a path's) landing parameters alone, each filled and short enough. */
export function landingQuery(url: string | undefined): URLSearchParams {
  const query = URL.parse(url ?? '', 'http://site.invalid')?.searchParams ?? [];
  const names: string[] = Object.values(LANDING_PARAMS);
  return new URLSearchParams(
    [...query].filter(
      ([name, value]) => names.includes(name) && value && value.length <= MAX_LANDING_LENGTH,
    ),
  );
}

/** A no-JavaScript post's flash and prefill for the next page, never in the URL (decision 090).
    A flash waits in the database for any instance; one DELETE … RETURNING shows it once. */
export class FormHandoff {
  private prunedAt = 0;
  private readonly db: Kysely<FormFlashTables>;

  constructor(
    /** Every public cookie's builder: the status page's and the forms' proofs use it too. */
    readonly cookies: SiteCookies,
    /** The ephemeral database. */
    db: Pick<Kysely<object>, 'getExecutor'>,
    private readonly onError: (error: unknown) => void,
  ) {
    this.db = tablesOf<FormFlashTables>(db);
  }

  /** Keeps `state` for the next view of `route`; resolves with the Set-Cookie value to send. */
  async keep(request: FastifyRequest, route: string, state: PageState): Promise<string> {
    const now = Date.now();
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      this.db.deleteFrom('form_flashes').where('expires', '<=', now).execute().catch(this.onError);
    }
    const id = randomBytes(18).toString('base64url');
    await this.db
      .insertInto('form_flashes')
      .values({ id, route, state: JSON.stringify(state), expires: now + FLASH_TTL_MS })
      .execute();
    return this.cookies.header(request, FLASH_COOKIE, id, FLASH_TTL_MS / 1000);
  }

  /** This cookie's flash if it is for `route`, taken, with the Set-Cookie that clears it. */
  async take(request: FastifyRequest, route: string) {
    const id = cookieValue(request.headers.cookie, FLASH_COOKIE);
    // No cookie, no store lookup: a plain page view costs nothing here.
    const flash = id
      ? await this.db
          .deleteFrom('form_flashes')
          .where('id', '=', id)
          .where('route', '=', route)
          .returning(['state', 'expires'])
          .executeTakeFirst()
      : undefined;
    if (!flash || Number(flash.expires) <= Date.now()) return undefined;
    return {
      state: JSON.parse(flash.state) as PageState,
      clear: this.cookies.header(request, FLASH_COOKIE, '', 0),
    };
  }

  /** An ad link's landing parameters, kept for this browser's no-JavaScript forms (as the JS
      flow's session storage; another ad's link replaces them); only the API is sent them. */
  landingCookie(request: FastifyRequest): string | undefined {
    const landing = landingQuery(request.url);
    if (landing.size === 0) return undefined;
    return this.cookies.header(request, LANDING_COOKIE, landing.toString(), LANDING_MAX_AGE_S, {
      path: '/api',
    });
  }

  /** The landing parameters the request's cookie carries (none: empty). */
  landing(request: FastifyRequest): URLSearchParams {
    const raw = cookieValue(request.headers.cookie, LANDING_COOKIE);
    try {
      return landingQuery(raw ? `?${decodeURIComponent(raw)}` : undefined);
    } catch {
      return new URLSearchParams(); // not ours: no attribution rather than a 500
    }
  }

  /** The prefill the request's cookie carries: the spec's keys only, each a short string. */
  prefill(request: FastifyRequest): Record<string, string> | undefined {
    const raw = cookieValue(request.headers.cookie, PREFILL_COOKIE);
    const parsed = raw ? parsedJson(Buffer.from(raw, 'base64url').toString('utf8')) : null;
    const entries = Object.entries(parsed ?? {}).filter(
      ([key, value]) =>
        PREFILL_KEYS.includes(key) &&
        typeof value === 'string' &&
        value.length <= MAX_PREFILL_LENGTH,
    );
    return entries.length > 0 ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
  }

  /** The prefill's Set-Cookie with `changes` applied (null removes, as session.remove does). */
  prefillCookie(request: FastifyRequest, changes: Record<string, string | null>): string {
    const next: Record<string, string> = { ...this.prefill(request) };
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    const encoded = Buffer.from(JSON.stringify(next)).toString('base64url');
    // Not HttpOnly: the page's script moves it into session storage.
    return this.cookies.header(request, PREFILL_COOKIE, encoded, PREFILL_MAX_AGE_S, {
      httpOnly: false,
    });
  }
}
