import type { CandidateStage } from '@shared/lead-vocabulary';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../database';
import { tablesOf, type DatabaseConnection } from '../../../platform/database/connection';
import { WriteQueue } from '../../../platform/database/write-queue';
import type { LeadRecordTables } from '../../records/lead-tables';
import { createLeadStore, type LeadStore } from './lead-store';

describe('the lead store (group commit on SQLite)', () => {
  let dataDir: string;
  let connection: DatabaseConnection<Database>;
  let store: LeadStore;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-store-'));
    connection = await openDatabase({ dataDir }); // creates the schema, as the server does
    store = createLeadStore(new WriteQueue(tablesOf<LeadRecordTables>(connection.db)));
  });

  afterEach(async () => {
    await connection.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const emailsStored = async () =>
    (await connection.db.selectFrom('candidates').select('email').orderBy('id').execute()).map(
      (row) => row.email,
    );

  it('answers each write after it is committed: one lead per e-mail, whatever its case', async () => {
    const results = await Promise.all(
      ['a@example.com', 'b@example.com', 'A@example.com'].map((email) =>
        store.save({ table: 'candidates', step: { email, stage: 'email' } }),
      ),
    );
    expect(results).toEqual([
      { id: 1, created: true, proofIssued: true },
      { id: 2, created: true, proofIssued: true },
      { id: 1, created: false, proofIssued: false },
    ]);
    expect(await emailsStored()).toEqual(['a@example.com', 'b@example.com']);
    expect(
      await store.save({ table: 'companies', step: { email: 'hr@example.com', stage: 'email' } }),
    ).toEqual({
      id: 1,
      created: true,
      proofIssued: true,
    });
  });

  it('commits a burst sent in one turn, each answered its own', async () => {
    // The same e-mail twice in the burst is one lead.
    const emails = Array.from({ length: 50 }, (_, n) => `burst-${n % 45}@example.com`);
    const results = await Promise.all(
      emails.map((email) => store.save({ table: 'candidates', step: { email, stage: 'email' } })),
    );
    expect(results.slice(0, 45).map((result) => result.created)).toEqual(Array(45).fill(true));
    expect(results.slice(45)).toEqual(
      results.slice(0, 5).map(({ id }) => ({ id, created: false, proofIssued: false })),
    );
    expect(new Set(results.map((result) => result.id)).size).toBe(45);
    expect(await emailsStored()).toEqual(emails.slice(0, 45));
  });

  it("passes a failed write's error back to its caller only", async () => {
    const bad = store.save({
      table: 'candidates',
      step: { email: 'bad@example.com', stage: null as unknown as CandidateStage }, // NOT NULL
    });
    const good = store.save({
      table: 'candidates',
      step: { email: 'good@example.com', stage: 'email' },
    });
    await expect(bad).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_NOTNULL' });
    await expect(good).resolves.toMatchObject({ id: expect.any(Number), created: true });
  });
});
