import { quarantineReasons } from '@shared/lead-vocabulary';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  QuarantinedSubmission,
  QuarantinePage,
  QuarantineReleased,
} from '@shared/admin-quarantine';
import { tablesOf } from '../../platform/database/connection';
import { arrayOfObjects, describedError, nullable } from '../../platform/http/api-schemas';
import {
  leadIdParams,
  type LeadDesk,
  type LeadQuarantineTable,
  type LeadQuarantineTables,
} from '../../leads';

const NOT_FOUND = 'This submission is no longer in quarantine';

interface StoredStep {
  fields?: Record<string, string | undefined>;
  attribution?: { page?: string };
}

/** A row as the admin sees it; the step's JSON is read only for the name and page. */
function view(row: Omit<LeadQuarantineTable, 'id'> & { id: number }): QuarantinedSubmission {
  let step: StoredStep = {};
  try {
    step = JSON.parse(row.step) as StoredStep;
  } catch {
    // A row is only ever written by the leads capability; an unreadable one still lists.
  }
  const fields = step.fields ?? {};
  const name =
    [fields.first_name, fields.last_name].filter(Boolean).join(' ') ||
    fields.contact_name ||
    fields.company_name ||
    null;
  return {
    id: Number(row.id),
    form: row.form,
    leadType: row.lead_table === 'candidates' ? 'candidate' : 'company',
    email: row.email,
    name,
    page: step.attribution?.page ?? null,
    reasons: row.reasons.split(',').filter(Boolean),
    userAgent: row.user_agent,
    receivedAt: row.received_at,
  };
}

async function quarantinePage(
  db: Kysely<LeadQuarantineTables>,
  limit: number,
  offset: number,
): Promise<QuarantinePage> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('lead_quarantine')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('lead_quarantine')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.total), rows: rows.map(view) };
}

/** Every field of `QuarantinePage` (src/shared/admin-quarantine.ts): the schema also serializes. */
const rowProperties = {
  id: { type: 'integer' },
  form: { type: 'string' },
  leadType: { type: 'string', enum: ['candidate', 'company'] },
  email: { type: 'string' },
  name: nullable('string'),
  page: nullable('string'),
  reasons: { type: 'array', items: { type: 'string', enum: [...quarantineReasons] } },
  userAgent: nullable('string'),
  receivedAt: { type: 'string' },
};
const pageBody = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    rows: arrayOfObjects(rowProperties, true),
  },
  required: ['total', 'rows'],
};

const releasedBody = {
  type: 'object',
  description: 'Released: the lead it became (upserted, in its history, notified if new)',
  properties: {
    leadType: { type: 'string', enum: ['candidate', 'company'] },
    leadId: { type: 'integer' },
  },
  required: ['leadType', 'leadId'],
} as const;

const gone = describedError('No such submission in quarantine (released or deleted)');

export interface QuarantineRoutesOptions {
  /** Releases through the lead module. */
  desk: LeadDesk;
}

/**
 * The quarantine (docs/decisions/095): list, release through the normal lead save, delete. Audited
 * with id and reasons only, never what was submitted.
 */
export const quarantineRoutes: FastifyPluginAsync<QuarantineRoutesOptions> = async (
  app,
  { desk },
) => {
  const db = tablesOf<LeadQuarantineTables>(app.database.db);

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/api/admin/quarantine',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
        },
        response: { 200: pageBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quarantinePage(db, request.query.limit, request.query.offset);
    },
  );

  const reasonsOf = async (id: number) => {
    const row = await db
      .selectFrom('lead_quarantine')
      .select('reasons')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.reasons.replaceAll(',', ', ');
  };

  app.post<{ Params: { id: number } }>(
    '/api/admin/quarantine/:id/release',
    { schema: { params: leadIdParams, response: { 200: releasedBody, 404: gone } } },
    async (request, reply) => {
      const { id } = request.params;
      const reasons = await reasonsOf(id);
      const released = reasons === undefined ? undefined : await desk.releaseQuarantined(id);
      if (!released) return reply.code(404).send({ error: NOT_FOUND });
      await app.audit.record(
        {
          action: 'quarantine_released',
          leadType: released.leadType,
          leadId: released.leadId,
          detail: `quarantine #${id} (${reasons})`,
        },
        request,
      );
      const answer: QuarantineReleased = { leadType: released.leadType, leadId: released.leadId };
      return answer;
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/admin/quarantine/:id',
    {
      schema: {
        params: leadIdParams,
        response: { 204: { type: 'null', description: 'Deleted for good' }, 404: gone },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await db
        .deleteFrom('lead_quarantine')
        .where('id', '=', id)
        .returning('reasons')
        .executeTakeFirst();
      if (!row) return reply.code(404).send({ error: NOT_FOUND });
      await app.audit.record(
        {
          action: 'quarantine_deleted',
          detail: `quarantine #${id} (${row.reasons.replaceAll(',', ', ')})`,
        },
        request,
      );
      return reply.code(204).send();
    },
  );
};
