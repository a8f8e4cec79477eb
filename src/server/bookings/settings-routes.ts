import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { $ZodType, output } from 'zod/v4/core';
import { adminApi } from '../leads';
import { bodySchemaOf, fieldErrorsBody } from '../platform/http/api-schemas';

const { INVALID_FIELDS_MESSAGE, validateBody } = adminApi;

interface SettingsDocument<Schema extends $ZodType> {
  url: string;
  schema: Schema;
  summaries: { get: string; put: string };
  /** The saved document; `unsaved` describes what its properties may be before a first save. */
  read(request: FastifyRequest): Promise<{ [K in keyof output<Schema>]: output<Schema>[K] | null }>;
  unsaved?: Record<string, unknown>;
  /** Saves; what it answers beside the document travels in the properties `beside` describes. */
  save(request: FastifyRequest, settings: output<Schema>): Promise<object | void>;
  beside?: Record<string, unknown>;
}

/** GET and PUT of a settings document behind the admin's guard: the PUT is checked by the shared
    zod schema (a 400 changes nothing), saved whole and echoed. */
export function settingsRoutes<Schema extends $ZodType>(
  app: FastifyInstance,
  { url, schema, summaries, read, save, beside, unsaved }: SettingsDocument<Schema>,
) {
  const body = bodySchemaOf(schema);
  const withProperties = (more: object | undefined) => ({
    ...body,
    properties: { ...(body.properties as object), ...more },
  });
  app.get(
    url,
    { schema: { summary: summaries.get, response: { 200: withProperties(unsaved) } } },
    read,
  );
  app.put(
    url,
    {
      schema: {
        summary: summaries.put,
        // Checked by the shared zod schema: documented only, so ajv neither coerces nor strips.
        documentedBody: body,
        response: { 200: withProperties(beside), 400: fieldErrorsBody },
      },
    },
    async (request, reply) => {
      const checked = validateBody(schema, request.body);
      if (!checked.ok)
        return reply.code(400).send({ error: INVALID_FIELDS_MESSAGE, fields: checked.fields });
      return Object.assign({}, checked.data, await save(request, checked.data));
    },
  );
}
