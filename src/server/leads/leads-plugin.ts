import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type { FormHandoff } from './workflows/capture/form-handoff';
import type { LeadRecordTables } from './records/lead-tables';
import { formRoutes } from './workflows/capture/lead-route';
import type { StatusPage } from './workflows/people/status-page';
import { statusRoutes } from './workflows/people/status-routes';
import { answerRefusalsWithPages } from './workflows/capture/html-form-posts';
import { ALTCHA_CHALLENGE_PATH } from '@shared/spam-fields';
import { LeadCapture, type CaptureSettings } from './workflows/capture/lead-capture';
import {
  countedStore,
  createLeadStore,
  type LeadEffectsOptions,
} from './workflows/capture/lead-store';

interface LeadsOptions extends LeadEffectsOptions {
  capture: CaptureSettings;
  formHandoff: FormHandoff;
  statusPage: StatusPage;
}

/** Public lead capture: the forms' endpoints, screened for spam, and the status page's actions. */
export const leadsPlugin: FastifyPluginAsync<LeadsOptions> = async (app, options) => {
  const { database } = app;
  const store = createLeadStore(app.writeQueue.forTables<LeadRecordTables>(), options);

  // No-JavaScript posts (decision 090): 4,000 characters urlencoded outgrow JSON's 16 KB.
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  const { formTimeKey, proof, addressCounters } = app.spamDefence;
  const capture = new LeadCapture(
    countedStore(store, app.metrics.registry),
    formTimeKey,
    options.capture,
    proof,
    addressCounters,
  );
  // LEAD_RATE_LIMIT=0: no hook at all, not one that returns at once on every request.
  if (options.capture.rateLimit > 0) app.addHook('onRequest', capture.floodGuard);
  // A form posted without JavaScript and refused (413, 415, 429, 503) gets a page, not JSON.
  answerRefusalsWithPages(app);
  if (proof && options.capture.altchaForms.length > 0) {
    app.get(
      ALTCHA_CHALLENGE_PATH,
      {
        schema: {
          response: {
            200: {
              type: 'object',
              description: 'A signed ALTCHA challenge for the widget (altcha-lib v2 format)',
              additionalProperties: true,
            },
          },
        },
      },
      async (_request, reply) =>
        reply.header('Cache-Control', 'no-store').send(await proof.challenge()),
    );
  }
  await app.register(formRoutes, { capture, handoff: options.formHandoff });
  await app.register(statusRoutes, {
    page: options.statusPage,
    handoff: options.formHandoff,
    database,
    limits: capture,
  });
};
