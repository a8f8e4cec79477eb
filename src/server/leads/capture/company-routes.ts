import type { FastifyPluginAsync } from 'fastify';
import { companyEmailLeadRequest, companyRequestRequest } from '@shared/schemas/company';
import { leadRoute } from './lead-route';

/** The company forms: one record per e-mail, from e-mail lead (/companies) to full request. */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  // /companies: work e-mail and company name.
  leadRoute(app, '/api/companies/email', companyEmailLeadRequest, (body, store, client) =>
    store.saveCompany({
      email: body.email,
      form: 'company-email',
      stage: 'email',
      fields: { company_name: body.company },
      attribution: body.attribution,
      client,
    }),
  );

  // /hiring and the /contact employer form: the full request.
  leadRoute(app, '/api/companies/submit', companyRequestRequest, (body, store, client) =>
    store.saveCompany({
      email: body.email,
      form: 'company-request',
      stage: 'request',
      fields: {
        contact_name: body.name,
        title: body.title,
        company_name: body.company,
        company_size: body.companySize,
        talent_needs: body.talentNeeds,
        timeline: body.timeline,
        comments: body.comments,
      },
      attribution: body.attribution,
      client,
    }),
  );
};
