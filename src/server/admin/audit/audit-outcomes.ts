import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIST_PAGE_ROWS, SEARCH_HEADER } from '@shared/admin-audit';
import { parsedJson } from '../../platform/database/parsed-json';
import type { AuditEntryInput } from './audit-log';

type Outcome = (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) => AuditEntryInput | undefined;

const on =
  (
    status: number,
    entry: (request: FastifyRequest, payload: unknown) => AuditEntryInput | undefined,
  ): Outcome =>
  (request, reply, payload) =>
    reply.statusCode === status ? entry(request, payload) : undefined;

/** A sign-in's entry, or its failure's (a 429 is not recorded: a flood would fill the log). */
const signIn =
  (detail?: string): Outcome =>
  (_request, reply, payload) => {
    if (reply.statusCode === 401) return { action: 'sign_in_failed' };
    // A right password still waiting for its second factor is no sign-in yet.
    const answer = typeof payload === 'string' ? parsedJson(payload) : null;
    if (reply.statusCode !== 200 || answer?.authenticated !== true) return undefined;
    return { action: 'sign_in', detail };
  };

/** The export's tab and which filters narrowed it; the search text itself is never kept. */
function exportDetail(request: FastifyRequest): string {
  const tab = (request.params as { file: string }).file.replace(/\.csv$/, '');
  const { status, ids, assignee } = request.query as Record<string, string | undefined>;
  if (ids) return `${tab}, ${ids.split(',').length} ticked leads`;
  const q = request.headers[SEARCH_HEADER.toLowerCase()];
  const filters = [
    typeof q === 'string' && q.trim() ? 'search' : undefined,
    status ? `status ${status}` : undefined,
    assignee ? `assignee ${assignee}` : undefined,
  ];
  const applied = filters.filter(Boolean);
  return applied.length > 0 ? `${tab}, filtered by ${applied.join(' and ')}` : `${tab}, whole tab`;
}

/** A list page larger than the dashboard's: a script's bulk read, recorded as an export is. */
const bulkRead = (tab: string) =>
  on(200, (request) => {
    const { limit, offset } = request.query as { limit: number; offset?: number };
    if (limit <= LIST_PAGE_ROWS) return undefined;
    return { action: 'list_read', detail: `${tab}, up to ${limit} from ${offset ?? 0}` };
  });

/** The routes left to the hook: reads and sign-ins, which change nothing to commit an entry with. */
type ReadOrSignIn = `GET ${string}` | `POST /api/admin/login${'' | '/second-factor' | '/passkey'}`;

/** Entries made from a read's or sign-in's answer; a change's commits with it (`audit.record`). */
export const auditedOutcomes: Partial<Record<string, Outcome>> = {
  'POST /api/admin/login': signIn(),
  'POST /api/admin/login/second-factor': signIn('with a second factor'),
  'POST /api/admin/login/passkey': signIn('with a passkey'),
  'GET /api/admin/export/:file': on(200, (request) => ({
    action: 'export',
    detail: exportDetail(request),
  })),
  'GET /api/candidate-submissions': bulkRead('candidates'),
  'GET /api/company-submissions': bulkRead('companies'),
  'GET /api/admin/lead-emails': bulkRead('lead emails'),
  'GET /api/candidate-submissions/board': bulkRead('candidates board'),
  'GET /api/company-submissions/board': bulkRead('companies board'),
} satisfies Record<ReadOrSignIn, Outcome>;
