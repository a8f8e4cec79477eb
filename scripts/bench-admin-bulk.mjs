// bench:admin's bulk change (issue 22): BULK_LEADS (default 1,000,000) leads seeded into a
// database of their own, then one POST /api/candidate-submissions/bulk setting the status of
// 10,000 candidates spread over the year by ids, and one by a search's filter. Prints each time.
import { loadAverage, makeDataDir, removeDataDir } from './bench-server.mjs';

const BULK_LEADS = Number(process.env.BULK_LEADS ?? 1_000_000);
const BULK_SIZE = 10_000;

/** `count` ids of regular candidates, from pages spread over the whole list. */
async function spreadIds(server, cookie, count, total) {
  const pages = count / 500;
  const ids = [];
  for (let page = 0; page < pages; page++) {
    const offset = Math.floor((page * total) / pages);
    const url = `${server.baseUrl}/api/candidate-submissions?type=regular&limit=500&offset=${offset}`;
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`list: ${response.status}`);
    ids.push(...(await response.json()).map((row) => row.id));
  }
  return ids;
}

/** One bulk call: its answer and its time. */
async function bulk(server, cookie, body) {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/candidate-submissions/bulk`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`bulk: ${response.status} ${JSON.stringify(answer)}`);
  return { ...answer, ms: performance.now() - started };
}

/**
 * `seed(dataDir, count)` fills a migrated database; `startAdminServer(dataDir)` and
 * `signIn(server)` are bench:admin's own.
 */
export async function benchBulk({ seed, startAdminServer, signIn, log }) {
  const dataDir = await makeDataDir('tb-bench-bulk-');
  let server;
  try {
    await (await startAdminServer(dataDir)).stop();
    await seed(dataDir, BULK_LEADS);
    server = await startAdminServer(dataDir);
    const cookie = await signIn(server);
    const total = Number(
      (
        await fetch(`${server.baseUrl}/api/candidate-submissions?type=regular&limit=1`, {
          headers: { cookie },
        })
      ).headers.get('x-total-count'),
    );
    const ids = await spreadIds(server, cookie, BULK_SIZE, total);
    const byIds = await bulk(server, cookie, { ids, status: 'contacted' });
    const byFilter = await bulk(server, cookie, {
      filter: { type: 'regular', q: 'smith1' },
      status: 'qualified',
    });
    log(
      `bulk status change at ${BULK_LEADS} leads: ${byIds.count} leads by ids in ${byIds.ms.toFixed(0)} ms (${byIds.changed} changed, the rest had the status); ${byFilter.count} by a search's filter in ${byFilter.ms.toFixed(0)} ms   (load ${loadAverage()})`,
    );
    return { byIds, byFilter };
  } finally {
    await server?.stop();
    await removeDataDir(dataDir);
  }
}
