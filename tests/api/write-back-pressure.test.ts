import { expect, it } from 'vitest';
import { blockLeadWrites } from '../support/write-blocker';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

const LIMIT = 4;
const BURST = 12;

describeEachDatabase(
  'bounded write queue',
  (current) => {
    it('answers 503 with Retry-After past the write queue limit of waiting writes, storing nothing of those', async () => {
      const testApp = current();
      const emails = Array.from({ length: BURST }, () => uniqueEmail('queue'));
      // The database is held by another client: the first writes wait, the queue fills.
      const blocker = await blockLeadWrites(testApp);
      let responses;
      try {
        const answers = emails.map((email) =>
          testApp.app.inject({ method: 'POST', url: '/api/candidates/email', payload: { email } }),
        );
        // The refusals come at once, while the admitted writes still wait for the lock.
        const answered: number[] = [];
        answers.forEach(
          (answer) => void answer.then((response) => answered.push(response.statusCode)),
        );
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(answered).toEqual(Array(BURST - LIMIT).fill(503));
        await blocker.release();
        responses = await Promise.all(answers);
      } finally {
        await blocker.release().catch(() => undefined);
      }

      const accepted = emails.filter((_, index) => responses[index]!.statusCode < 300);
      const refused = responses.filter((response) => response.statusCode === 503);
      expect(accepted).toHaveLength(LIMIT);
      expect(refused).toHaveLength(BURST - LIMIT);
      for (const response of refused) {
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(Object.keys(response.json())).toEqual(['error']);
      }

      const stored = await testApp.db
        .selectFrom('candidates')
        .select('email_normalized')
        .where('email_normalized', 'in', emails)
        .execute();
      expect(stored.map((row) => row.email_normalized).sort()).toEqual(accepted.sort());

      // Once the queue has room again, a lead is taken as usual.
      const after = await testApp.app.inject({
        method: 'POST',
        url: '/api/candidates/email',
        payload: { email: uniqueEmail('queue-after') },
      });
      expect(after.statusCode).toBeLessThan(300);
    });
  },
  { bounds: { writeQueueLimit: LIMIT } },
);
