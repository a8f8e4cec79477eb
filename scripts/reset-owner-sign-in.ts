// `npm run admin:reset-owner-sign-in`: the founding owner's way back in once every second factor
// is lost (an owner's reset cannot reach account 1: decision 157). On the server's database,
// SQLite or PostgreSQL, while it runs or not: ends the owner's sessions and removes its passkeys,
// authenticator app and recovery codes in one transaction with an audit entry; ADMIN_PASSWORD
// alone signs it in again. Prints what it did, never a secret.
import { addEntry } from '../src/server/admin/audit/audit-log';
import { AdminSessions, OWNER_ACCOUNT_ID } from '../src/server/admin/auth/sessions';
import { forgetFactors } from '../src/server/admin/factors/factors-plugin';
import { openDatabase } from '../src/server/database';
import { tablesOf } from '../src/server/platform/database/connection';
import { WriteQueue } from '../src/server/platform/database/write-queue';
import { configOrExit } from './sqlite-config';

const database = await openDatabase(configOrExit());
try {
  // Through a write queue, as the server writes: it waits out SQLite's lock held by the server.
  await new WriteQueue(database.db).run(async (trx) => {
    // Ending sessions needs no password hash.
    await new AdminSessions(tablesOf(trx), '').endAll(OWNER_ACCOUNT_ID);
    await forgetFactors(OWNER_ACCOUNT_ID, trx);
    const actor = { name: 'the operator (npm run admin:reset-owner-sign-in)', accountId: null };
    const detail = `Reset sign-in for account ${OWNER_ACCOUNT_ID}`;
    await addEntry(tablesOf(trx), { action: 'sign_in_reset', detail }, actor);
  });
  console.log(
    "The founding owner's sessions ended and its passkeys, authenticator app and recovery codes" +
      ' were removed (audited as sign_in_reset). Sign in with ADMIN_PASSWORD alone, then add a' +
      ' second factor again in the Security panel.',
  );
} catch (error) {
  console.error(`Not reset: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
