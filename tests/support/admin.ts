import type { FastifyInstance } from 'fastify';
import {
  createLeadStore,
  type LeadStore,
} from '../../src/server/leads/workflows/capture/lead-store';
import { tablesOf } from '../../src/server/platform/database/connection';
import { WriteQueue } from '../../src/server/platform/database/write-queue';
import type { LeadRecordTables } from '../../src/server/leads/records/lead-tables';
import type { CandidateStep } from '../../src/server/leads/records/lead-saves';
import type { TestApp } from './test-app';
import { uniqueEmail } from './test-app';
import { ADMIN_TEST_PASSWORD, adminEnv } from './admin-password';

export { ADMIN_TEST_PASSWORD, adminEnv };
/** Test-app options with the admin password set. */
export const adminOptions = { env: adminEnv };
/** The same password as ADMIN_PASSWORD, for the tests of what that setting does. */
export const adminPasswordOptions = { env: { ADMIN_PASSWORD: ADMIN_TEST_PASSWORD } };

let addressCounter = 1;
/** A client address of its own, so one test's failed sign-ins never throttle another's. */
export const freshAddress = () =>
  `10.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}.${process.pid % 250}`;

/** A passkey sign-in's answer: the sign-in options asked, then signed by `passkey`. */
export async function passkeySignIn(
  app: FastifyInstance,
  passkey: { signIn(options: { challenge: string }): unknown },
) {
  const options = await app.inject({ method: 'POST', url: '/api/admin/passkeys/sign-in-options' });
  return app.inject({
    method: 'POST',
    url: '/api/admin/login/passkey',
    payload: { response: passkey.signIn(options.json()) },
    remoteAddress: freshAddress(),
  });
}

/** Signs in and returns the Cookie header value of the new session. */
export async function signIn(
  app: FastifyInstance,
  password = ADMIN_TEST_PASSWORD,
  remoteAddress = freshAddress(),
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password },
    remoteAddress,
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = response.cookies.find((c) => c.name === 'tb_admin_session');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** PATCHes the status of the lead at `path` (a newly signed-in admin's unless `cookie`). */
export async function patchStatus(
  app: FastifyInstance,
  path: string,
  status: string,
  cookie?: string,
) {
  return app.inject({
    method: 'PATCH',
    url: path,
    headers: { cookie: cookie ?? (await signIn(app)) },
    payload: { status },
  });
}

/** PATCHes candidate `id`'s status as a newly signed-in admin. */
export const patchCandidateStatus = (app: FastifyInstance, id: number, status: string) =>
  patchStatus(app, `/api/candidate-submissions/${id}`, status);

/** Every admin endpoint, as [method, url]; ids refer to leads that need not exist. */
export const adminEndpoints: [string, string][] = [
  ['GET', '/api/candidate-submissions'],
  ['GET', '/api/company-submissions'],
  ['GET', '/api/candidate-submissions/board?status=new'],
  ['GET', '/api/company-submissions/board?status=new'],
  ['GET', '/api/admin/lead-emails'],
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/export/questionnaire-leads.csv'],
  ['GET', '/api/admin/export/candidates.csv'],
  ['GET', '/api/admin/export/companies.csv'],
  ['GET', '/api/admin/export/lead-emails.csv'],
  ['DELETE', '/api/candidate-submissions/1'],
  ['DELETE', '/api/company-submissions/1'],
  ['POST', '/api/candidate-submissions/1/send-email'],
  ['GET', '/api/admin/quarantine'],
  ['POST', '/api/admin/quarantine/1/release'],
  ['DELETE', '/api/admin/quarantine/1'],
  ['GET', '/api/admin/funnel?from=2024-01-01&to=2024-01-31'],
  ['GET', '/api/admin/funnel.csv?from=2024-01-01&to=2024-01-31'],
  ['GET', '/api/admin/spend/mappings'],
  ['DELETE', '/api/admin/spend/mappings/spring'],
  ['POST', '/api/admin/data-subject'],
  ['GET', '/api/admin/configuration'],
  ['GET', '/api/admin/message-templates'],
  ['PUT', '/api/admin/message-templates/candidate/no_such_status'],
  ['DELETE', '/api/admin/message-templates/company/no_such_status'],
];

export interface SeededCandidate {
  id: number;
  email: string;
}

const stores = new WeakMap<TestApp, LeadStore>();

/** The lead store's own writes (upsert, stage progression), on the test's connection. */
function leadStore(testApp: TestApp): LeadStore {
  let store = stores.get(testApp);
  if (!store) {
    store = createLeadStore(new WriteQueue(tablesOf<LeadRecordTables>(testApp.db)));
    stores.set(testApp, store);
  }
  return store;
}

/** Leads of each kind the dashboard tells apart (spec section 4), through the lead store. */
export async function seedCandidate(
  testApp: TestApp,
  kind: 'questionnaire' | 'regular' | 'email',
  fields: Record<string, string> = {},
  extra: {
    questionnaireCompleted?: boolean;
    email?: string;
    variant?: 'free_training' | 'high_salary';
    utmSource?: string;
  } = {},
): Promise<SeededCandidate> {
  const email = extra.email ?? uniqueEmail(kind);
  const names = kind === 'email' ? {} : { first_name: 'Ada', last_name: 'Lovelace' };
  const step: CandidateStep = {
    email,
    stage: kind === 'email' ? 'email' : kind === 'questionnaire' ? 'questionnaire' : 'application',
    fields: { ...names, ...fields },
    isQuestionnaireCandidate: kind === 'questionnaire',
    questionnaireCompleted: extra.questionnaireCompleted ?? false,
    attribution: extra.variant
      ? {
          page: extra.variant === 'free_training' ? '/career' : '/training',
          variant: extra.variant,
          utmSource: extra.utmSource,
        }
      : undefined,
  };
  const result = await leadStore(testApp).save({ table: 'candidates', step });
  return { id: result.id, email };
}

export async function seedCompany(
  testApp: TestApp,
  kind: 'full' | 'email',
  fields: Record<string, string> = {},
  extra: { email?: string } = {},
): Promise<SeededCandidate> {
  const email = extra.email ?? uniqueEmail(`company-${kind}`);
  const result = await leadStore(testApp).save({
    table: 'companies',
    step: {
      email,
      stage: kind === 'full' ? 'request' : 'email',
      fields:
        kind === 'full'
          ? { company_name: 'Acme Data', contact_name: 'Grace Hopper', ...fields }
          : fields,
    },
  });
  return { id: result.id, email };
}

/** Uploads a spend CSV as an admin's browser does (POST /api/admin/spend, text/csv). */
export const uploadSpend = (testApp: TestApp, cookie: string, csv: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/spend',
    headers: { cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
