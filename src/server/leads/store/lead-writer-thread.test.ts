import type { CandidateStage } from '@shared/lead-vocabulary';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../database';
import type { DatabaseConnection } from '../../platform/database/connection';
import { LeadWriterThread } from './lead-writer-thread';

// Each test starts a thread that loads the TypeScript sources through tsx: slow on a busy machine.
describe('LeadWriterThread', { timeout: 60_000 }, () => {
  let dataDir: string;
  let reader: DatabaseConnection<Database>;
  let writer: LeadWriterThread;
  const exits: Error[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-writer-'));
    reader = await openDatabase({ dataDir }); // creates the schema, as the server does
    writer = new LeadWriterThread(dataDir, (error) => exits.push(error));
    await writer.start();
  }, 60_000);

  afterEach(async () => {
    await writer.close();
    await reader.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const emailsStored = async () =>
    (await reader.db.selectFrom('candidates').select('email').orderBy('id').execute()).map(
      (row) => row.email,
    );

  it('answers each write after it is committed, visible to another connection', async () => {
    const results = await Promise.all(
      ['a@example.com', 'b@example.com', 'A@example.com'].map((email) =>
        writer.saveCandidate({ email, stage: 'email' }),
      ),
    );
    expect(results).toEqual([
      { id: 1, created: true },
      { id: 2, created: true },
      { id: 1, created: false },
    ]);
    expect(await emailsStored()).toEqual(['a@example.com', 'b@example.com']);
    expect(await writer.saveCompany({ email: 'hr@example.com', stage: 'email' })).toEqual({
      id: 1,
      created: true,
    });
  });

  it('commits a burst sent in one turn, larger than one early hand-off, each answered its own', async () => {
    // 50 writes in one turn: posted as three messages (16, 16, 16) and the rest at the end of
    // the turn (decision 144); the same e-mail twice in the burst is one lead.
    const emails = Array.from({ length: 50 }, (_, n) => `burst-${n % 45}@example.com`);
    const results = await Promise.all(
      emails.map((email) => writer.saveCandidate({ email, stage: 'email' })),
    );
    expect(results.slice(0, 45).map((result) => result.created)).toEqual(Array(45).fill(true));
    expect(results.slice(45)).toEqual(
      results.slice(0, 5).map(({ id }) => ({ id, created: false })),
    );
    expect(new Set(results.map((result) => result.id)).size).toBe(45);
    expect(await emailsStored()).toEqual(emails.slice(0, 45));
  });

  it("passes a failed write's error back to its caller only", async () => {
    const bad = writer.saveCandidate({
      email: 'bad@example.com',
      stage: null as unknown as CandidateStage, // violates NOT NULL
    });
    const good = writer.saveCandidate({ email: 'good@example.com', stage: 'email' });
    await expect(bad).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_NOTNULL' });
    await expect(good).resolves.toEqual({ id: expect.any(Number), created: true });
  });

  it('starts a new thread on the next write when the thread died', async () => {
    // Simulates a crash of the thread (the field is private on purpose).
    await (writer as unknown as { worker: Worker }).worker.terminate();
    expect(exits).toHaveLength(1);
    await expect(
      writer.saveCandidate({ email: 'after@example.com', stage: 'email' }),
    ).resolves.toEqual({ id: expect.any(Number), created: true });
    expect(await emailsStored()).toContain('after@example.com');
  });

  it('refuses writes once closed', async () => {
    await writer.close();
    await expect(
      writer.saveCandidate({ email: 'late@example.com', stage: 'email' }),
    ).rejects.toThrow(/closed/);
  });
});
