import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/* Fastify's own ajv options, but a JSON body is checked as sent: 5 is no text, "true" no
   boolean, and an unknown field where the schema allows none is refused, not dropped. */

/** The route schemas' checks, for one app (ajv keeps every schema it compiled). */
export function validatorCompiler(): FastifySchemaCompiler<object> {
  // Params, querystrings and headers are text on the wire: coerced, as Fastify's default does.
  const wire = addFormats(
    new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true }),
  );
  // Every refused field named; the body limit bounds the errors.
  const asSent = addFormats(new Ajv({ useDefaults: true, allErrors: true }));
  return ({ schema, httpPart }) => (httpPart === 'body' ? asSent : wire).compile(schema);
}
