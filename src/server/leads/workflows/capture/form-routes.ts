import type { FastifyPluginAsync } from 'fastify';
import {
  candidateApplicationRequest,
  candidateBasicInfoRequest,
  candidateEmailLeadRequest,
  questionnaireCompletedRequest,
} from '@shared/schemas/candidate';
import { companyEmailLeadRequest, companyRequestRequest } from '@shared/schemas/company';
import { questionnaireRequest } from '@shared/schemas/questionnaire';
import type { $ZodType } from 'zod/v4/core';
import type { Attribution } from '@shared/schemas/attribution';
import type { CompanyStage, LeadForm } from '@shared/lead-vocabulary';
import { leadRoute, type LeadRouteContext } from './lead-route';

type LeadSchema = $ZodType<{ email: string; attribution?: Attribution }>;
type CandidateForm = Extract<Parameters<typeof leadRoute>[4], { table: 'candidates' }>;

/** The public forms (spec section 4), storing what the lead-field contract says each posts. */
export const formRoutes: FastifyPluginAsync<LeadRouteContext> = async (app, context) => {
  const candidate = (path: string, schema: LeadSchema, step: Omit<CandidateForm, 'table'>) =>
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
