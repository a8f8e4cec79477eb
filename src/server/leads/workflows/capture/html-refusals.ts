import type { FastifyReply, FastifyRequest } from 'fastify';
import { wantsHtml } from './html-form-posts';
import { formOf, formRoute } from './html-forms';
import { escapeHtml } from '@shared/escape-html';
import { parsedJson } from '../people/person-report-views';

/* A form post's refusal (413, 415, 429, 503) gets a page, not raw JSON (decision 090). */

/** A small page of its own, for answers outside the site's app. */
export const smallPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const refusalPage = (message: string, back: string) =>
  smallPage(
    'Your form was not sent',
    `<p>${escapeHtml(message)}.</p><p>Nothing you typed was stored. Please go back and send the form again in a moment.</p><p><a href="${escapeHtml(back)}">Back to the form</a></p>`,
  );

/** onSend: a navigation's refusal becomes a page; a callback hook: most answers pass at once. */
export function htmlRefusals(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  // 400 is answered with the form's own page (a 303), and 404 is no lead route's.
  if (reply.statusCode <= 404 || !wantsHtml(request)) return done(null, payload);
  const message = typeof payload === 'string' ? parsedJson(payload)?.error : undefined;
  if (typeof message !== 'string') return done(null, payload);
  const action = request.routeOptions.url ?? '';
  const form = formOf(action, undefined, request.headers.referer);
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
  done(null, refusalPage(message.replace(/\.$/, ''), form ? formRoute(form) : '/'));
}
