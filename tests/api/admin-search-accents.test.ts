import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { migrations, openDatabase } from '../../src/server/database';
import { LeadListing } from '../../src/server/leads/reads/lead-listing';
import { migrationOrder } from '../../src/server/migration-order';
import {
  openDatabase as openWithMigrations,
  tablesOf,
} from '../../src/server/platform/database/connection';
import { seedCandidate, seedCompany, signIn } from '../support/admin';
import { searchHeader } from '../support/search';
import { validBodies } from '../support/lead-bodies';
import { createTestDatabase } from '../support/postgres';
import { opened, post, statusLinkTo, statusSiteBuild } from '../support/status-page';
import { describeEachDatabase } from '../support/test-app';

/*
 * A recruiter types a name as it sounds: "garcia" finds "García", "García" finds "Garcia",
 * whatever the case, on both databases, for names written before the search folded them too.
 */

const CLIENT_DIR = await statusSiteBuild();

describeEachDatabase(
  'a name search without accents',
  (current) => {
    let cookie = '';
    const tag = `a${Date.now().toString(36)}`;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const testApp = current();
      cookie = await signIn(testApp.app);
      const candidate = async (first_name: string, last_name: string) =>
        (await seedCandidate(testApp, 'regular', { first_name, last_name })).id;
      ids.garcia = await candidate('María', `García${tag}`);
      ids.munoz = await candidate('José', `Muñoz${tag}`);
      ids.plain = await candidate('Lucia', `Garcia${tag}`);
      ids.upper = await candidate('ÉLODIE', `ŁUKASZEWSKA${tag}`);
      ids.company = (
        await seedCompany(testApp, 'full', {
          company_name: `Électricité ${tag}`,
          contact_name: `Zoë Ørsted${tag}`,
        })
      ).id;
    });

    const search = async (kind: 'candidate' | 'company', q: string) => {
      const response = await current().app.inject({
        method: 'GET',
        url: `/api/${kind}-submissions`,
        headers: { cookie, ...searchHeader(q) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
    };
    const sorted = (...found: number[]) => found.sort((a, b) => a - b);

    it('finds an accented last name typed without its accents, and the other way round', async () => {
      expect(await search('candidate', `garcia${tag}`)).toEqual(sorted(ids.garcia!, ids.plain!));
      expect(await search('candidate', `GARCÍA${tag}`)).toEqual(sorted(ids.garcia!, ids.plain!));
      expect(await search('candidate', `munoz${tag}`)).toEqual([ids.munoz]);
      expect(await search('candidate', `lukaszewska${tag}`)).toEqual([ids.upper]);
    });

    it('finds a full name and a company, their case and accents ignored', async () => {
      expect(await search('candidate', `maria garcia${tag}`)).toEqual([ids.garcia]);
      expect(await search('candidate', `élodie łukasz`)).toEqual([ids.upper]);
      expect(await search('company', `electricite ${tag}`)).toEqual([ids.company]);
      expect(await search('company', `zoe orsted${tag}`)).toEqual([ids.company]);
    });

    it('finds a company by the name its contact corrected on the status page', async () => {
      const testApp = current();
      const lead = { table: 'companies', id: ids.company! } as const;
      const proof = await opened(testApp.app, await statusLinkTo(testApp, lead));
      const { email: _, ...request } = validBodies.companyRequest('');
      const details = { ...request, lead: `k${lead.id}`, name: 'Zoë Ørsted', title: 'COO' };
      const company = `Énergie ${tag}`;
      const saved = await post(testApp.app, '/api/status/details', { ...details, company }, proof);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await search('company', `energie ${tag}`)).toEqual([ids.company]);
      expect(await search('company', `electricite ${tag}`)).toEqual([]);
    });
  },
  { env: { CLIENT_DIR } },
);

describe.each(['sqlite', 'postgres'] as const)('names saved before the folding [%s]', (kind) => {
  const adminUrl = inject('postgresAdminUrl');
  it.skipIf(kind === 'postgres' && !adminUrl)('are found without their accents', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-fold-'));
    const database = kind === 'postgres' ? await createTestDatabase(adminUrl!) : undefined;
    const options = { dataDir, databaseUrl: database?.url };
    try {
      const before = new Set<string>(
        migrationOrder.slice(0, migrationOrder.indexOf('370_folded_search_keys')),
      );
      const old = await openWithMigrations({
        ...options,
        migrations: migrations.map(
          (set) => (dialect) =>
            Object.fromEntries(Object.entries(set(dialect)).filter(([name]) => before.has(name))),
        ),
      });
      const now = new Date().toISOString();
      await sql`insert into candidates (email, email_normalized, stage, first_name, last_name,
        created_at, updated_at) values ('m@example.com', 'm@example.com', 'application', 'María',
        'Núñez', ${now}, ${now}), ('g@example.com', 'g@example.com', 'application', 'Grace',
        'HOPPER', ${now}, ${now})`.execute(old.db);
      await sql`insert into companies (email, email_normalized, stage, company_name, created_at,
        updated_at) values ('c@example.com', 'c@example.com', 'request', 'Société Générale',
        ${now}, ${now})`.execute(old.db);
      await old.close();

      const upgraded = await openDatabase(options);
      const listing = new LeadListing(tablesOf(upgraded.db), kind);
      const names = async (table: 'candidates' | 'companies', q: string) =>
        (await listing.list(table, { q, limit: 10 })).rows.map((row) => row.email);
      expect(await names('candidates', 'nunez')).toEqual(['m@example.com']);
      expect(await names('candidates', 'maria nu')).toEqual(['m@example.com']);
      expect(await names('candidates', 'grace hop')).toEqual(['g@example.com']);
      expect(await names('companies', 'societe gen')).toEqual(['c@example.com']);
      await upgraded.close();
    } finally {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
