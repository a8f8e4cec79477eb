import fc from 'fast-check';

/** The subset of JSON Schema the document's request bodies use. */
export interface BodySchema {
  type?: string | string[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, BodySchema>;
  required?: string[];
}

/** Text as people and scripts type it: ASCII, any Unicode, control characters, blanks. */
const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.constantFrom('', ' ', '\t\n', '\u0000', 'null', '<script>', "'; drop table x;--"),
  );

/** Addresses in several spellings of a few domains, so known e-mails come back. */
const email = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,14}[a-z0-9]$/),
        fc.constantFrom('example.com', 'Example.ORG', 'mail.example.net'),
        fc.constantFrom('', ' ', '  '),
      )
      .map(([local, domain, pad]) => `${pad}${local}@${domain}${pad}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: anyText(30) },
);

/**
 * A value close to what the schema accepts: one of its choices, text within (and around)
 * its length bounds, an address for an e-mail field, an object of its properties.
 */
function plausible(name: string, schema: BodySchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (/email/i.test(name)) return email;
  if (schema.properties) return bodyOf(schema, false);
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 100, 300);
  return fc.oneof(
    { weight: 5, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: max }) },
    { weight: 1, arbitrary: anyText(max + 5) },
  );
}

/** An object of the schema's properties: its required ones always, others now and then. */
function bodyOf(schema: BodySchema, keepRequired = true): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, plausible(name, property)]),
  );
  return fc.record(model, { requiredKeys: keepRequired ? (schema.required ?? []) : [] });
}

/** Anything JSON can say, including deep and odd values, for a field or a whole body. */
const junk = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.string({ unit: 'binary', minLength: 4000, maxLength: 4200 }),
  fc.constantFrom(null, true, 0, -1, 1e308, [], {}, '', '   '),
);

/**
 * Bodies for an endpoint whose request schema is `schema`: mostly plausible ones (many
 * valid), and the same with a field replaced by junk, a required field left out, unknown
 * fields added, or no object at all. Which of them are valid is the shared schema's call.
 */
export function bodiesFor(schema: BodySchema): fc.Arbitrary<unknown> {
  const plausibleBody = bodyOf(schema);
  const names = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  return fc.oneof(
    { weight: 6, arbitrary: plausibleBody },
    {
      weight: 3,
      arbitrary: fc
        .tuple(plausibleBody, fc.constantFrom(...names), junk)
        .map(([body, name, value]) => ({ ...body, [name]: value })),
    },
    {
      weight: required.length > 0 ? 1 : 0,
      arbitrary: fc
        .tuple(plausibleBody, fc.constantFrom(...(required.length > 0 ? required : names)))
        .map(([body, name]) =>
          Object.fromEntries(Object.entries(body).filter(([key]) => key !== name)),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(plausibleBody, fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 4 }))
        .map(([body, extra]) => ({ ...extra, ...body })),
    },
    { weight: 1, arbitrary: junk },
  );
}

/**
 * The body as a form without JavaScript sends it: every value a string (a list repeats its
 * key). Objects have no form spelling; they go as their JSON text.
 */
export function urlEncoded(body: unknown): string {
  const params = new URLSearchParams();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return params.toString();
  for (const [key, value] of Object.entries(body)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined) continue;
      params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  return params.toString();
}
