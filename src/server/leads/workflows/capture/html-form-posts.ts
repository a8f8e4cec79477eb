import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '@shared/escape-html';
import { LANDING_PARAMS } from '@shared/landing-params';
import type { PageState } from '@shared/page-state';
import { WAL_SYNC_FAILED } from '../../../platform/database/database-errors';
import { acceptWeights } from '../../../platform/http/accept-weights';
import { landingQuery, type FormHandoff } from './form-handoff';
import { formOf, formRoute, type HtmlForm } from './html-forms';
import type { FieldErrors } from './validate-body';
import { parsedJson } from '../../../platform/database/parsed-json';

/* A no-JavaScript form post (decision 090): 303 to the next page, or back with its messages. */

/** True for a browser's navigation (a form it submits itself), not for a fetch. */
export function wantsHtml(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  // Browsers without Fetch Metadata: an Accept that names text/html above JSON.
  const weights = acceptWeights(request.headers.accept);
  const html = weights.get('text/html') ?? 0;
  return html > 0 && html > (weights.get('application/json') ?? 0);
}

/** The UTM values and fbclid of the posting page (the Referer, in full within the site), else of
    the landing (its cookie: a link followed from it loses the query); as the JS flow's. */
function landingValues(request: FastifyRequest, handoff: FormHandoff): Record<string, string> {
  const posted = landingQuery(request.headers.referer);
  const query = posted.size > 0 ? posted : handoff.landing(request);
  const pairs = Object.entries(LANDING_PARAMS).map(([key, name]) => [key, query.get(name)]);
  return Object.fromEntries(pairs.filter(([, value]) => value));
}

/** How long a typed value may be to travel back (the longest field takes 4,000 characters). */
const MAX_VALUE_LENGTH = 4000;

/** What was typed into the fields `schema` names, each short enough: nothing else is kept. */
export function typedValues(schema: HtmlForm['schema'], body: unknown): Record<string, string> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const name of Object.keys(shape)) {
    const value = source[name];
    if (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH) values[name] = value;
  }
  return values;
}

/** A 303 to `location`, never cached; nothing typed (no e-mail) ever reaches a URL. */
export function seeOther(reply: FastifyReply, location: string, cookies?: string | string[]) {
  if (cookies?.length) reply.header('Set-Cookie', cookies);
  return reply.header('Cache-Control', 'no-store').redirect(location, 303);
}

/** The body to validate (a urlencoded form's `page` and Referer become the JS flow's attribution)
    and, for a navigation, its answers: a 303 on, or back with its messages. */
export function formPost(request: FastifyRequest, action: string, handoff: FormHandoff) {
  const contentType = request.headers['content-type'] ?? '';
  const encoded = contentType.toLowerCase().startsWith('application/x-www-form-urlencoded');
  const {
    page,
    attribution: _ignored,
    ...fields
  } = encoded ? { ...(request.body as Record<string, unknown>) } : {};
  const form = formOf(action, page, request.headers.referer);
  const attribution = form
    ? {
        ...landingValues(request, handoff),
        page: form.page,
        ...(form.variant ? { variant: form.variant } : {}),
      }
    : undefined;
  const body = encoded ? { ...fields, attribution } : request.body;
  return {
    body,
    html: form && wantsHtml(request) ? htmlAnswers(request, form, handoff) : undefined,
  };
}

function htmlAnswers(request: FastifyRequest, form: HtmlForm, handoff: FormHandoff) {
  const cookies: string[] = [];
  const returned = { action: form.action, page: form.page };
  return {
    schema: form.schema,
    /** Back to the form's page with the messages and what was typed (nothing was stored). */
    async invalid(reply: FastifyReply, body: unknown, fields: FieldErrors) {
      const state: PageState = {
        form: { ...returned, values: typedValues(form.schema, body), errors: fields },
      };
      cookies.push(await handoff.keep(request, formRoute(form), state));
      const query = landingQuery(request.headers.referer).toString();
      return seeOther(reply, `${form.page}${query ? `?${query}` : ''}`, cookies);
    },
    /** The lead is committed: on to the spec's next page, with what it prefills. */
    async saved(reply: FastifyReply, values: Record<string, unknown>) {
      if (form.prefill) cookies.push(handoff.prefillCookie(request, form.prefill(values)));
      if (form.sentBy) {
        const state: PageState = { form: { ...returned, sentBy: form.sentBy(values) } };
        cookies.push(await handoff.keep(request, form.next, state));
      }
      return seeOther(reply, form.next, cookies);
    },
  };
}

/* A form post's refusal (413, 415, 429, 503) gets a page, not raw JSON (decision 090). */

/** A small page of its own, for answers outside the site's app. */
export const smallPage = (title: string, body: string) =>
  [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>`,
    body,
    '</main></body>',
    '</html>',
  ].join('\n');

/** What the person is told of what they typed: stored or not, as the refusal came. */
const REFUSED = {
  title: 'Your form was not sent',
  stored: 'Nothing you typed was stored. Please go back and send the form again in a moment.',
};
/** A 503 for a write SQLite committed and could not sync to disk (decision 175). */
const UNCONFIRMED = {
  title: 'Your form may not have been saved',
  stored:
    'What you sent reached us, but it could not be confirmed as safely stored. Please go back ' +
    'and send the form again in a moment: sending it twice does no harm.',
};

const refusalPage = (message: string, back: string, told: typeof REFUSED) =>
  smallPage(
    told.title,
    [
      `<p>${escapeHtml(message)}.</p>`,
      `<p>${told.stored}</p>`,
      `<p><a href="${escapeHtml(back)}">Back to the form</a></p>`,
    ].join('\n'),
  );

/** A navigation's refusal becomes a page; callback hooks: most answers pass at once. */
export function answerRefusalsWithPages(app: FastifyInstance): void {
  const unconfirmed = new WeakSet<FastifyRequest>();
  app.addHook('onError', (request, _reply, error, done) => {
    if ((error as { code?: unknown }).code === WAL_SYNC_FAILED) unconfirmed.add(request);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // 400 is answered with the form's own page (a 303), and 404 is no lead route's.
    if (reply.statusCode <= 404 || !wantsHtml(request)) return done(null, payload);
    const message = typeof payload === 'string' ? parsedJson(payload)?.error : undefined;
    if (typeof message !== 'string') return done(null, payload);
    const action = request.routeOptions.url ?? '';
    const form = formOf(action, undefined, request.headers.referer);
    const told = unconfirmed.has(request) ? UNCONFIRMED : REFUSED;
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    done(null, refusalPage(message.replace(/\.$/, ''), form ? formRoute(form) : '/', told));
  });
}
