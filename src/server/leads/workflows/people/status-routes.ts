import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import type { PageState } from '@shared/page-state';
import {
  LINK_TARGETS,
  STATUS_ACTIONS,
  STATUS_NOTICES,
  type StatusNotice,
} from '@shared/person-status';
import { candidateApplicationSchema } from '@shared/schemas/candidate';
import { companyEmailLeadSchema, companyRequestRequest } from '@shared/schemas/company';
import { optionalLine } from '@shared/schemas/fields';
import {
  bodySchemaOf,
  describedError,
  fieldErrorsBody,
  objectOf,
  retryAfterHeader,
} from '../../../platform/http/api-schemas';
import { tablesOf, type DatabaseConnection } from '../../../platform/database/connection';
import type { FormHandoff } from '../capture/form-handoff';
import { seeOther, typedValues, wantsHtml } from '../capture/html-form-posts';
import { tooManySubmissions, type LeadCapture } from '../capture/lead-capture';
import { INVALID_FIELDS_MESSAGE, validateBody } from '../capture/validate-body';
import type { PipelineTables } from '../../records/pipeline-tables';
import { correctDetails, optOutOfSale, stopMessages } from './person-writes';
import { leadRefText } from './lead-proof';
import type { LeadRef } from '../../records/lead-tables';
import type { StatusPage } from './status-page';
import { STATUS_PATH } from './status-link';
import { companyForm } from './status-words';

/* /status actions: a form post (303 back) or JSON, each needing the mailbox proof (decision 176). */

/** The details a person may correct; a location is optional (/candidates never asks it). */
const candidateDetails = z.extend(
  z.pick(candidateApplicationSchema, { firstName: true, lastName: true, phone: true }),
  { location: optionalLine() },
);
/** A company's: every field of the form it sent (status-words.ts), by that form's rules. */
const companyDetails: Record<ReturnType<typeof companyForm>, $ZodType> = {
  'company-request': z.omit(companyRequestRequest, { email: true, attribution: true }),
  'company-email': z.omit(companyEmailLeadSchema, { email: true }),
};

const NO_PROOF = 'Open your status page from the link in our e-mail first';

/** The lead a same-origin post names, if the mailbox proves it; else refused (undefined): back to
    the page for a browser, 403 to a JSON client. */
export async function provenLead(page: StatusPage, request: FastifyRequest, reply: FastifyReply) {
  const lead = await page.provenLead(request);
  if (lead) return lead;
  if (wantsHtml(request)) await seeOther(reply, STATUS_PATH);
  else await reply.code(403).send({ error: NO_PROOF });
  return undefined;
}

const leadField = {
  lead: { type: 'string', description: 'The lead the page names (`c12`, `k3`)' },
};
/** The fields of an action that asks first (withdraw, erase). */
export const confirmedFields = {
  ...leadField,
  confirm: { type: 'string', const: 'yes', description: 'The confirmation step' },
};
export const confirmed = (request: FastifyRequest) =>
  ((request.body ?? {}) as Record<string, unknown>).confirm === 'yes';

/** Not confirmed: 400 to a JSON client, back to the page (which asks) for a browser. */
export function unconfirmed(request: FastifyRequest, reply: FastifyReply, error: string) {
  if (wantsHtml(request)) return reply.redirect(STATUS_PATH, 303);
  return reply.code(400).send({ error });
}

const done = objectOf({ message: { type: 'string' } }, 'Done: the sentence the page shows');
const backToPage = {
  type: 'null',
  description:
    "A browser's form post without JavaScript: back to /status, which says what happened",
  headers: { Location: { type: 'string', const: STATUS_PATH } },
} as const;
const answers = {
  200: done,
  303: backToPage,
  400: { ...fieldErrorsBody, description: 'Invalid fields, or an action not confirmed' },
  403: describedError(
    "No mailbox proof of that lead's address in this browser, or a cross-site post: nothing changed",
  ),
  429: describedError(
    "Too many posts from one address (the lead routes' limits), or a lead's opt-ins past today's: nothing changed",
    retryAfterHeader,
  ),
};

interface StatusRoutesOptions {
  page: StatusPage;
  handoff: FormHandoff;
  database: DatabaseConnection;
  /** Corrections and bad bodies count against the forms' per-address limits (decision 152). */
  limits: Pick<LeadCapture, 'countInvalid' | 'overRate'>;
}

export const statusRoutes: FastifyPluginAsync<StatusRoutesOptions> = async (
  app,
  { page, handoff, database, limits },
) => {
  const db = tablesOf<PipelineTables>(database.db);
  const { dialect } = database;

  /** 303 to /status, handing it `state` (a notice or the form's messages). */
  async function back(request: FastifyRequest, reply: FastifyReply, state?: PageState) {
    return seeOther(reply, STATUS_PATH, state && (await handoff.keep(request, STATUS_PATH, state)));
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, notice: StatusNotice) {
    if (wantsHtml(request)) return back(request, reply, { statusNotice: notice });
    return reply.header('Cache-Control', 'no-store').send({ message: STATUS_NOTICES[notice] });
  }

  const documented = (summary: string, body: object) => ({
    schema: {
      summary,
      documentedBody: body,
      consumes: ['application/json', 'application/x-www-form-urlencoded'],
      response: answers,
    },
  });

  app.post(
    STATUS_ACTIONS.details,
    documented('Correct their details (status page)', {
      oneOf: [candidateDetails, ...Object.values(companyDetails)].map((schema) => {
        const json = bodySchemaOf(schema);
        return { ...json, properties: { ...leadField, ...(json.properties as object) } };
      }),
    }),
    async (request, reply) => {
      const lead = await provenLead(page, request, reply);
      if (!lead) return reply;
      const schema =
        lead.table === 'candidates' ? candidateDetails : companyDetails[companyForm(lead.stage)];
      const result = validateBody(schema, request.body);
      if (!result.ok) {
        // 400, or back to the page with what was typed into the form's fields (only those).
        await limits.countInvalid(request);
        const { fields } = result;
        if (!wantsHtml(request))
          return reply.code(400).send({ error: INVALID_FIELDS_MESSAGE, fields });
        // `values.lead` names the lead whose form shows the messages.
        const values = { ...typedValues(schema, request.body), lead: leadRefText(lead) };
        return back(request, reply, {
          form: { action: STATUS_ACTIONS.details, page: STATUS_PATH, values, errors: fields },
        });
      }
      if (await limits.overRate(request)) return tooManySubmissions(reply);
      await correctDetails(db, dialect, lead, result.data as Record<string, string>);
      return answer(request, reply, 'details');
    },
  );

  // Each proven action: its summary, its fields and what it does to the lead.
  const acts = [
    [
      'reminders',
      'Stop reminders (status page)',
      leadField,
      (lead: LeadRef) => stopMessages(db, dialect, lead, false),
    ],
    [
      'withdraw',
      'Withdraw: status `withdrawn`, no more messages',
      confirmedFields,
      (lead: LeadRef) => stopMessages(db, dialect, lead, { cancelCall: page.cancelCall }),
    ],
    [
      'optIn',
      'Opt back in to sale and sharing (status page)',
      leadField,
      (lead: LeadRef) => optOutOfSale(db, dialect, lead, true),
    ],
  ] as const;
  for (const [action, summary, fields, act] of acts) {
    app.post(
      STATUS_ACTIONS[action],
      documented(summary, objectOf(fields)),
      async (request, reply) => {
        const lead = await provenLead(page, request, reply);
        if (!lead) return reply;
        if (action === 'withdraw' && !confirmed(request)) {
          return unconfirmed(request, reply, 'Please confirm the withdrawal');
        }
        if ((await act(lead)) !== false) return answer(request, reply, action);
        if (wantsHtml(request)) return back(request, reply, { statusNotice: 'optInCap' });
        return reply.code(429).send({ error: STATUS_NOTICES.optInCap });
      },
    );
  }

  app.post(
    STATUS_ACTIONS.optOut,
    {
      schema: {
        summary: 'Do Not Sell or Share: no more Meta events of the leads this browser proves',
        response: {
          204: { type: 'null', description: 'Done for every lead its proofs name (maybe none)' },
          403: describedError('A cross-site post: nothing changed'),
        },
      },
    },
    async (request, reply) => {
      if (!page.sameOrigin(request)) return reply.code(403).send({ error: 'Cross-site post' });
      for (const lead of await page.ownLeads(request)) await optOutOfSale(db, dialect, lead);
      return reply.code(204).header('Cache-Control', 'no-store').send();
    },
  );

  app.post(
    STATUS_ACTIONS.open,
    {
      schema: {
        summary: 'Open a mailed status link: the mailbox proof of its address, once',
        documentedBody: objectOf({
          token: { type: 'string', description: 'The `token` of the mailed /status link' },
          next: {
            type: 'string',
            enum: [...LINK_TARGETS],
            description: 'The step the link resumes, prefilled, or `book`: the booking page',
          },
        }),
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: {
          303: {
            type: 'null',
            description:
              'To /status or the step, with the mailbox cookie; a spent, expired or cross-site ' +
              'link: to /status, which offers a new one',
            headers: { Location: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const opened =
        page.sameOrigin(request) && typeof body.token === 'string'
          ? await page.open(request, body.token, body.next)
          : undefined;
      if (!opened) return seeOther(reply, `${STATUS_PATH}?link=expired`);
      return seeOther(reply, opened.redirect, opened.cookies);
    },
  );
};
