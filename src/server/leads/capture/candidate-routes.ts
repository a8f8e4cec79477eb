import type { FastifyPluginAsync } from 'fastify';
import {
  candidateApplicationRequest,
  candidateBasicInfoRequest,
  candidateEmailLeadRequest,
  typeformCompletedRequest,
} from '@shared/schemas/candidate';
import { questionnaireRequest } from '@shared/schemas/questionnaire';
import { leadRoute } from './lead-route';

/**
 * The candidate forms. All of them write the one candidate record of the e-mail, moving it
 * along the spec's progression (section 4): e-mail only -> questionnaire lead (basic info,
 * then completed) -> full application. Re-sending any of them is harmless.
 */
export const candidateRoutes: FastifyPluginAsync = async (app) => {
  // /career and /training: the e-mail only.
  leadRoute(app, '/api/candidates/email', candidateEmailLeadRequest, (body, store, client) =>
    store.saveCandidate({
      email: body.email,
      form: 'candidate-email',
      stage: 'email',
      attribution: body.attribution,
      client,
    }),
  );

  // /candidates: names and phone, then the visitor goes on to the questionnaire.
  leadRoute(app, '/api/candidates/basic-info', candidateBasicInfoRequest, (body, store, client) =>
    store.saveCandidate({
      email: body.email,
      form: 'candidate-basic-info',
      stage: 'questionnaire',
      isQuestionnaireCandidate: true,
      fields: { first_name: body.firstName, last_name: body.lastName, phone: body.phone },
      attribution: body.attribution,
      client,
    }),
  );

  // /apply and the /contact candidate form: the full application.
  leadRoute(app, '/api/candidates/submit', candidateApplicationRequest, (body, store, client) =>
    store.saveCandidate({
      email: body.email,
      form: 'candidate-application',
      stage: 'application',
      fields: {
        first_name: body.firstName,
        last_name: body.lastName,
        phone: body.phone,
        location: body.location,
        education_level: body.educationLevel,
        tech_experience: body.techExperience,
        reason: body.reason,
      },
      attribution: body.attribution,
      client,
    }),
  );

  // /typeform, once the embedded questionnaire says it is done. An unknown e-mail still
  // creates a questionnaire lead: the visitor did complete it, and a 404 would lose them.
  leadRoute(
    app,
    '/api/candidates/typeform-completed',
    typeformCompletedRequest,
    (body, store, client) =>
      store.saveCandidate({
        email: body.email,
        form: 'typeform-completed',
        stage: 'questionnaire',
        isQuestionnaireCandidate: true,
        questionnaireCompleted: true,
        client,
      }),
  );

  // The built-in questionnaire's answers. Storing all the answers is completing it, so the
  // flag is raised here too: the lead counts as completed even if the page's separate
  // typeform-completed call is lost.
  leadRoute(app, '/api/candidates/questionnaire', questionnaireRequest, (body, store, client) =>
    store.saveCandidate({
      email: body.email,
      form: 'questionnaire',
      stage: 'questionnaire',
      isQuestionnaireCandidate: true,
      questionnaireCompleted: true,
      fields: {
        availability: body.availability,
        full_time: body.fullTime,
        relocation: body.relocation,
        questionnaire_location: body.location,
        motivation: body.motivation,
      },
      attribution: body.attribution,
      client,
    }),
  );
};
