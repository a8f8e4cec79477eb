import type { FastifyPluginAsync } from 'fastify';
import {
  candidateApplicationRequest,
  candidateBasicInfoRequest,
  candidateEmailLeadRequest,
  questionnaireCompletedRequest,
} from '@shared/schemas/candidate';
import { companyEmailLeadRequest, companyRequestRequest } from '@shared/schemas/company';
import { questionnaireRequest } from '@shared/schemas/questionnaire';
import { leadRoute } from './lead-route';

/**
 * The public forms: each moves its e-mail's one record along the spec's progression (section 4);
 * re-sending is harmless. What each form stores is what the lead-field contract says it posts
 * (src/shared/lead-fields.ts).
 */
export const formRoutes: FastifyPluginAsync = async (app) => {
  // /career and /training: the e-mail only.
  leadRoute(app, '/api/candidates/email', candidateEmailLeadRequest, {
    table: 'candidates',
    form: 'candidate-email',
    stage: 'email',
  });

  // /candidates: names and phone, then the visitor goes on to the questionnaire.
  leadRoute(app, '/api/candidates/basic-info', candidateBasicInfoRequest, {
    table: 'candidates',
    form: 'candidate-basic-info',
    stage: 'questionnaire',
    isQuestionnaireCandidate: true,
  });

  // /apply and the /contact candidate form: the full application.
  leadRoute(app, '/api/candidates/submit', candidateApplicationRequest, {
    table: 'candidates',
    form: 'candidate-application',
    stage: 'application',
  });

  // /typeform, once the embedded questionnaire says it is done. An unknown e-mail still
  // creates a questionnaire lead: the visitor did complete it, and a 404 would lose them.
  leadRoute(app, '/api/candidates/typeform-completed', questionnaireCompletedRequest, {
    table: 'candidates',
    form: 'typeform-completed',
    stage: 'questionnaire',
    isQuestionnaireCandidate: true,
    questionnaireCompleted: true,
  });

  // The built-in questionnaire's answers. Storing all the answers is completing it, so the
  // flag is raised here too: the lead counts as completed even if the page's separate
  // typeform-completed call is lost.
  leadRoute(app, '/api/candidates/questionnaire', questionnaireRequest, {
    table: 'candidates',
    form: 'questionnaire',
    stage: 'questionnaire',
    isQuestionnaireCandidate: true,
    questionnaireCompleted: true,
  });

  // /companies: work e-mail and company name.
  leadRoute(app, '/api/companies/email', companyEmailLeadRequest, {
    table: 'companies',
    form: 'company-email',
    stage: 'email',
  });

  // /hiring and the /contact employer form: the full request.
  leadRoute(app, '/api/companies/submit', companyRequestRequest, {
    table: 'companies',
    form: 'company-request',
    stage: 'request',
  });
};
