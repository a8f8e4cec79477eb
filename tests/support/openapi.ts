import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  description: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, Record<string, string>> };
}

/** Reads the server's own document, as any client would. */
export async function fetchOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`openapi.json: ${response.statusCode}`);
  return response.json<OpenApiDocument>();
}

/** Every guarded GET of the server's document, as a URL: `leadId` and a month filled in. */
export async function guardedReads(app: FastifyInstance, leadId: number): Promise<string[]> {
  const document = await fetchOpenApi(app);
  const month = '?from=2024-01-01&to=2024-01-31';
  const query: Record<string, string> = {
    '/api/admin/audit': '?action=export',
    '/api/admin/funnel': month,
    '/api/admin/funnel.csv': month,
  };
  return Object.entries(document.paths)
    .filter(([, operations]) => operations.get?.security)
    .map(
      ([path]) =>
        path
          .replace('{id}', String(leadId))
          .replace('{file}', 'candidates.csv')
          .replace('{leadType}', 'candidate')
          .replace('{status}', 'new') + (query[path] ?? ''),
    );
}

/** '/api/candidate-submissions/{id}' -> a pattern matching '/api/candidate-submissions/7'. */
const pathPattern = (template: string) =>
  new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * Checks answers against the document: the route and its status are described, the
 * content type is one the answer may have (none when it describes no content), and a JSON
 * body validates against that status's schema. Returns what does not match (empty: all).
 */
export class OpenApiChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<object, ValidateFunction>();
  private readonly paths: { pattern: RegExp; template: string }[];

  constructor(readonly document: OpenApiDocument) {
    this.paths = Object.keys(document.paths).map((template) => ({
      template,
      pattern: pathPattern(template),
    }));
  }

  operation(method: string, url: string): Operation | undefined {
    const path = url.split('?')[0] ?? url;
    const exact = this.document.paths[path];
    const template = exact ? path : this.paths.find((entry) => entry.pattern.test(path))?.template;
    return template ? this.document.paths[template]?.[method.toLowerCase()] : undefined;
  }

  problems(method: string, url: string, response: LightMyRequestResponse): string[] {
    const where = `${method} ${url} -> ${response.statusCode}`;
    const operation = this.operation(method, url);
    if (!operation) return [`${where}: route not in the document`];
    const described = operation.responses[String(response.statusCode)];
    if (!described) return [`${where}: status not in the document`];
    const contentType = String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim();
    if (!described.content) {
      return response.body === '' ? [] : [`${where}: a body where the document describes none`];
    }
    const media = contentType ? described.content[contentType] : undefined;
    if (!media) return [`${where}: content type '${contentType}' not in the document`];
    if (!contentType?.endsWith('json') || !media.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`${where}: body is not JSON`];
    }
    const validate = this.validator(media.schema);
    return validate(body) ? [] : [`${where}: ${this.ajv.errorsText(validate.errors)}`];
  }

  private validator(schema: object): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.validators.set(schema, validate);
    }
    return validate;
  }
}
