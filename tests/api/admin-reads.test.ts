import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { adminOptions, signIn } from '../support/admin';
import { searchHeader } from '../support/search';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';
import type { OverviewFigures } from '../../src/shared/admin-overview';

/*
 * The admin's long reads (exports, overview) next to the public site. What a client sees: a
 * lead is answered while an export streams, and a failed read is a clean 500 and the server
 * goes on.
 */

/** Rows enough that an export unread by its client cannot finish (socket buffers are smaller). */
const ROWS = 12_000;
const REASON = 'A long enough reason to make every exported row a few hundred bytes. '.repeat(6);

describeEachDatabase(
  'admin reads beside the lead API',
  (current) => {
    let cookie = '';
    let baseUrl = '';
    const tag = `r${Date.now().toString(36)}`;

    beforeAll(async () => {
      const testApp = current();
      cookie = await signIn(testApp.app);
      const now = Date.now();
      for (let from = 0; from < ROWS; from += 500) {
        const rows = Array.from({ length: 500 }, (_, i) => {
          const n = from + i;
          const email = `${tag}.${n}@example.com`;
          const at = new Date(now - n * 1000).toISOString();
          return {
            email,
            email_normalized: email,
            stage: 'application' as const,
            first_name: 'Ada',
            last_name: `${tag}${n}`,
            reason: REASON,
            created_at: at,
            updated_at: at,
          };
        });
        // Only the columns an application has; the rest take their defaults.
        await testApp.db
          .insertInto('candidates')
          .values(rows as never)
          .execute();
      }
      await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      const address = testApp.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      baseUrl = `http://127.0.0.1:${address.port}`;
    }, 120_000);

    it('answers a lead POST while a Candidates export is still streaming', async () => {
      const response = await fetch(`${baseUrl}/api/admin/export/candidates.csv`, {
        headers: { cookie, ...searchHeader(tag) },
      });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = decoder.decode((await reader.read()).value, { stream: true });

      // The export's client reads nothing more for now: the export is paused mid-way.
      const lead = await fetch(`${baseUrl}/api/candidates/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('during-export') }),
      });
      expect(lead.status).toBeLessThan(300);
      const linesBeforeLead = text.split('\r\n').length - 1;
      expect(linesBeforeLead).toBeLessThan(ROWS);

      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        text += decoder.decode(chunk.value, { stream: true });
      const lines = text.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(ROWS + 1);
      // Newest first, every row once.
      expect(lines[1]).toContain(`"${tag}0"`);
      expect(lines.at(-1)).toContain(`"${tag}${ROWS - 1}"`);
    }, 120_000);

    it('answers a failed read with a clean 500 and keeps serving', async () => {
      const { app, db } = current();
      await sql`alter table companies rename to companies_away`.execute(db);
      try {
        const failed = await app.inject({
          method: 'GET',
          url: '/api/admin/overview',
          headers: { cookie },
        });
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toEqual({ error: expect.any(String) });
        expect(failed.body).not.toMatch(/companies|stack|\bat \S+:\d+/i);
      } finally {
        await sql`alter table companies_away rename to companies`.execute(db);
      }
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const overview = await app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: { cookie },
      });
      expect(overview.statusCode).toBe(200);
      const daily = overview.json<OverviewFigures>().daily;
      expect(daily.reduce((sum, day) => sum + day.candidates, 0)).toBeGreaterThanOrEqual(ROWS);
    });
  },
  adminOptions,
);
