import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  candidateApplicationRequest,
  candidateBasicInfoRequest,
  candidateEmailLeadRequest,
  questionnaireCompletedRequest,
} from '@shared/schemas/candidate';
import { companyEmailLeadRequest, companyRequestRequest } from '@shared/schemas/company';
import { questionnaireRequest } from '@shared/schemas/questionnaire';
import type { $ZodType } from 'zod/v4/core';
import {
  bodySchemaOf,
  errorBody,
  fieldErrorsBody,
  objectOf,
  retryAfterHeader,
} from '../../../platform/http/api-schemas';
import { submissionClient, withConversionFields } from '../../../conversions';
import { formPost } from './html-form-posts';
import { INVALID_FIELDS_MESSAGE, validateBody } from './validate-body';
import type { LeadCapture } from './lead-capture';
import type { FormHandoff } from './form-handoff';
import type { Attribution } from '@shared/schemas/attribution';
import { postedBy, valuesByColumn } from '@shared/lead-field';
import { candidateFields, companyFields } from '@shared/lead-fields';
import type { CompanyStage, LeadForm } from '@shared/lead-vocabulary';
import type { CandidateStep, CompanyStep, TableStep } from '../../records/lead-saves';
import { ALTCHA_FIELD, HONEYPOT_FIELD } from '@shared/spam-fields';
import { leadProofCookie, leadProofKey, readLeadProof, withLead } from '../people/lead-proof';
import { mailboxOf, type MailboxSessionTables } from '../people/mailbox-session';
import { tablesOf } from '../../../platform/database/connection';

/** A request's pino logger; `setBindings` is missing only when logging is off (tests). */
type RequestLogger = { setBindings?(bindings: Record<string, unknown>): void };

const acceptedBody = objectOf(
  { ok: { type: 'boolean', const: true } },
  'Stored (committed); the same answer whether the e-mail was new or known',
);

/** What the spam defence reads besides the form's fields (documented only). */
const spamFields = {
  [HONEYPOT_FIELD]: {
    type: 'string',
    description: 'Hidden from people: leave it out or empty (decision 095)',
  },
  [ALTCHA_FIELD]: {
    type: 'string',
    description: 'The ALTCHA solution, on the forms ALTCHA_FORMS names (decision 095)',
  },
};

/** A browser's own form post (html-form-posts.ts): on to the next page, or back to the form. */
const formPostAnswer = {
  type: 'null',
  description:
    "A browser's form post without JavaScript (Sec-Fetch-Mode: navigate, or an Accept that " +
    "prefers text/html): to the spec's next page once the lead is committed, or back to the " +
    "form's page with its messages (nothing stored); no body",
  headers: {
    Location: {
      type: 'string',
      description: "A fixed path, never with input (back: with the page's utm_* and fbclid)",
    },
  },
} as const;

/** A refusal: JSON, or a page for a form post (answerRefusalsWithPages). */
function refusal(description: string, headers?: Record<string, object>) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': { schema: errorBody },
      'text/html': {
        schema: {
          type: 'string',
          description: "A browser's form post without JavaScript: a page, with a link back",
        },
      },
    },
  };
}

const leadLimits = {
  413: refusal('The body is larger than the limit (16 KB of JSON, 64 KB of a form)'),
  415: refusal('The content type is not one the route takes (JSON or a urlencoded form)'),
  429: refusal('A flood from one address: nothing stored', retryAfterHeader),
  503: refusal(
    'The write queue is full, the database cannot take writes now, or the server is ' +
      'shutting down (decision 105): nothing was stored; or SQLite committed the write but ' +
      'could not sync it to disk (175). Either way, send it again after Retry-After',
    retryAfterHeader,
  ),
} as const;

/** What a form's step is, besides what it posts: its fields, e-mail, attribution and client. */
type FormStep<Step> = Omit<Step, 'email' | 'attribution' | 'client' | 'fields' | 'form'> & {
  form: LeadForm;
};
type LeadSchema = $ZodType<{ email: string; attribution?: Attribution }>;

const fieldsOf = { candidates: candidateFields, companies: companyFields };

export interface LeadRouteContext {
  capture: LeadCapture;
  handoff: FormHandoff;
}

/** POST `path`: the same 200 for a new or known e-mail, so no answer tells who is a lead. */
export function leadRoute<Schema extends LeadSchema>(
  app: FastifyInstance,
  { capture, handoff }: LeadRouteContext,
  path: string,
  schema: Schema,
  formStep:
    | ({ table: 'candidates' } & FormStep<CandidateStep>)
    | ({ table: 'companies' } & FormStep<CompanyStep>),
): void {
  const { table, ...step } = formStep;
  const posted = postedBy(fieldsOf[table], step.form);
  const proofKey = leadProofKey(app.spamDefence.formTimeKey);
  const documented = withConversionFields(bodySchemaOf(schema)) as { properties?: object };
  app.post(
    path,
    {
      schema: {
        // Documented only: the handler validates with the shared schema (the spec's messages).
        documentedBody: { ...documented, properties: { ...documented.properties, ...spamFields } },
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: { 200: acceptedBody, 303: formPostAnswer, 400: fieldErrorsBody, ...leadLimits },
      },
    },
    async (request, reply) => {
      const { body, html } = formPost(request, path, handoff);
      // The page's own rules first: stricter than the endpoint's, never wider.
      const page = html && validateBody(html.schema, body);
      const result = page && !page.ok ? page : validateBody(schema, body);
      if (!result.ok) {
        await capture.countInvalid(request);
        if (html) return html.invalid(reply, body, result.fields);
        return reply.code(400).send({ error: INVALID_FIELDS_MESSAGE, fields: result.fields });
      }
      const { email, attribution } = result.data;
      // A form that posts no field keeps its history's `fields` null, as it always has.
      const fields = posted.length > 0 ? valuesByColumn(posted, result.data) : undefined;
      const proofs = readLeadProof(proofKey, request);
      const mailbox = await mailboxOf(tablesOf<MailboxSessionTables>(app.database.db), request);
      const client = submissionClient(request);
      const full = { ...step, fields, email, attribution, client, proofs, mailbox };
      const saved = await capture.save(request, { table, step: full } as TableStep);
      // Ids only (decision 010); setBindings: a child logger per request is slow in V8.
      (request.log as RequestLogger).setBindings?.(
        saved.quarantined
          ? { quarantineId: saved.id }
          : { leadId: saved.id, created: saved.created },
      );
      if (saved.proofIssued && !saved.quarantined) {
        const lead = { table, id: saved.id, generation: saved.proofGeneration ?? 1 };
        const refs = withLead(proofs, lead);
        reply.header('set-cookie', leadProofCookie(handoff.cookies, request, proofKey, refs));
      }
      // A quarantined form gets exactly what a person's gets.
      if (html) return html.saved(reply, result.data as Record<string, unknown>);
      return reply.code(200).send({ ok: true });
    },
  );
}

/** The public forms (spec section 4), storing what the lead-field contract says each posts. */
export const formRoutes: FastifyPluginAsync<LeadRouteContext> = async (app, context) => {
  const candidate = (path: string, schema: LeadSchema, step: FormStep<CandidateStep>) =>
    leadRoute(app, context, path, schema, { table: 'candidates', ...step });
  const company = (path: string, schema: LeadSchema, form: LeadForm, stage: CompanyStage) =>
    leadRoute(app, context, path, schema, { table: 'companies', form, stage });
  const questionnaireLead = { stage: 'questionnaire', isQuestionnaireCandidate: true } as const;

  // /career and /training: the e-mail only.
  candidate('/api/candidates/email', candidateEmailLeadRequest, {
    form: 'candidate-email',
    stage: 'email',
  });
  // /candidates: names and phone, then the visitor goes on to the questionnaire.
  candidate('/api/candidates/basic-info', candidateBasicInfoRequest, {
    form: 'candidate-basic-info',
    ...questionnaireLead,
  });
  // /apply and the /contact candidate form: the full application.
  candidate('/api/candidates/submit', candidateApplicationRequest, {
    form: 'candidate-application',
    stage: 'application',
  });
  // An unknown e-mail still creates a lead: the visitor did complete it, a 404 would lose them.
  candidate('/api/candidates/typeform-completed', questionnaireCompletedRequest, {
    form: 'typeform-completed',
    ...questionnaireLead,
    questionnaireCompleted: true,
  });
  // All answers stored is completion: the flag rises even if typeform-completed is lost.
  candidate('/api/candidates/questionnaire', questionnaireRequest, {
    form: 'questionnaire',
    ...questionnaireLead,
    questionnaireCompleted: true,
  });
  // /companies: work e-mail and company name.
  company('/api/companies/email', companyEmailLeadRequest, 'company-email', 'email');
  // /hiring and the /contact employer form: the full request.
  company('/api/companies/submit', companyRequestRequest, 'company-request', 'request');
};
