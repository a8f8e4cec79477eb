import { STATUS_CODES } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { describedError, fieldErrorsBody, retryAfterHeader } from './api-schemas';

/** The security scheme of the admin session cookie; guarded routes name it. */
export const SESSION_SECURITY = [{ cookieAuth: [] }];

interface OpenApiOptions {
  title: string;
  description: string;
  /** Name of the admin session cookie (the cookieAuth security scheme). */
  sessionCookie: string;
}

declare module 'fastify' {
  interface FastifySchema {
    /** The body of a route that validates it itself (its 400 keeps its shape), for the docs. */
    documentedBody?: unknown;
  }
}

type ResponseMap = Record<string, unknown>;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Answers any route can give because of the platform; a route's own entry wins. */
function platformAnswers(method: string, schema: FastifySchema): ResponseMap {
  const answers: ResponseMap = {
    // Node answers this itself, before any route runs, and closes the connection.
    408: {
      type: 'null',
      description: 'The request did not arrive whole in time (REQUEST_TIMEOUT_MS); no body',
    },
    500: describedError('Unexpected failure (no details are given)'),
    503: describedError(
      'The server is shutting down, its write queue is full or the database cannot take ' +
        'writes now (decision 105): nothing was stored; try again after Retry-After',
      retryAfterHeader,
    ),
  };
  const takesBody = BODY_METHODS.has(method);
  if (takesBody || schema.querystring || schema.params) {
    answers[400] = {
      ...fieldErrorsBody,
      description: 'Bad input, nothing changed (unparsable JSON, or parameters out of range)',
    };
  }
  if (takesBody) {
    answers[413] = describedError('The body is larger than the limit (16 KB of JSON)');
    answers[415] = describedError('The content type is not one the route takes (JSON)');
  }
  return answers;
}

/** The OpenAPI document from the routes' schemas (decision 100); each must describe a success. */
export const openApi = fp<OpenApiOptions>(async (app, { sessionCookie, title, description }) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const schema: FastifySchema = route.schema ?? {};
    const response = (schema.response ?? {}) as ResponseMap;
    if (!Object.keys(response).some((status) => /^[23]/.test(status))) {
      throw new Error(
        `${String(route.method)} ${route.url}: no response schema for its success; describe ` +
          'every answer of an API route (docs/decisions/100)',
      );
    }
    const answers = { ...platformAnswers(String(route.method), schema), ...response };
    // Each answer gets a description: its own, or the status's reason phrase.
    for (const [status, answer] of Object.entries(answers)) {
      if (!(answer as { description?: string }).description)
        answers[status] = { ...(answer as object), description: STATUS_CODES[status] };
    }
    route.schema = { ...schema, response: answers };
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title,
        // The document's version: the API changes only by adding beside the spec's payloads.
        version: '1.0.0',
        description,
      },
      components: {
        securitySchemes: {
          cookieAuth: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description: 'The admin session, set by POST /api/admin/login (HttpOnly)',
          },
        },
      },
    },
    transform: ({ schema, url }) => {
      // The pre-rendered pages and static files are the site, not the API.
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
      const { documentedBody, ...rest } = schema;
      return { schema: documentedBody ? { ...rest, body: documentedBody } : rest, url };
    },
  });

  let document: string | undefined;
  app.get(
    '/api/openapi.json',
    {
      schema: {
        summary: 'This document',
        response: {
          200: {
            description: 'The OpenAPI 3.1 document of the API',
            type: 'object',
            required: ['openapi', 'info', 'paths'],
          },
        },
      },
    },
    async (_request, reply) => {
      // Built once, on the first request: every route is registered by then.
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
});
