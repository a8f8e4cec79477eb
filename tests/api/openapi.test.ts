import { Ajv2020 } from 'ajv/dist/2020.js';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { candidateBasicInfoRequest } from '../../src/shared/schemas/candidate';
import { bodySchemaOf } from '../../src/server/platform/http/api-schemas';
import { adminOptions, freshAddress, seedCandidate, signIn } from '../support/admin';
import { postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { fetchOpenApi, OpenApiChecker } from '../support/openapi';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';
import { withConversionFields } from '../../src/server/conversions/submission-client';

type Call = Pick<InjectOptions, 'method' | 'payload' | 'headers'> & { url: string };

describeEachDatabase(
  'OpenAPI document',
  (current) => {
    let checker: OpenApiChecker;
    beforeAll(async () => {
      checker = new OpenApiChecker(await fetchOpenApi(current().app));
    });

    it('is OpenAPI 3.1 of the API only, with the admin cookie as a security scheme', () => {
      const { document } = checker;
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
      expect(document.components.securitySchemes?.cookieAuth).toMatchObject({
        type: 'apiKey',
        in: 'cookie',
        name: 'tb_admin_session',
      });
    });

    it('describes every answer of each route, guarded ones with the cookie and 401', () => {
      const open = new Set([
        '/api/admin/login',
        '/api/admin/logout',
        '/api/admin/session',
        // The invitee's: the token is the proof.
        '/api/admin/invitation',
        '/api/admin/invitation/accept',
        '/api/admin/invitation/passkey-options',
        // The second step of a sign-in and the passkey sign-in (decision 157).
        '/api/admin/login/second-factor',
        '/api/admin/login/passkey',
        '/api/admin/passkeys/sign-in-options',
      ]);
      for (const [path, operations] of Object.entries(checker.document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const statuses = Object.keys(operation.responses);
          expect(statuses, `${method} ${path}`).toContain('500');
          expect(
            statuses.some((status) => /^[23]/.test(status)),
            `${method} ${path}`,
          ).toBe(true);
          const admin = path.startsWith('/api/admin/') || path.includes('-submissions');
          if (admin && !open.has(path)) {
            expect(operation.security, `${method} ${path}`).toEqual([{ cookieAuth: [] }]);
            expect(statuses, `${method} ${path}`).toContain('401');
          } else {
            expect(operation.security, `${method} ${path}`).toBeUndefined();
          }
        }
      }
    });

    it("documents each public endpoint's body as its shared zod schema", () => {
      const operation = checker.operation('POST', '/api/candidates/basic-info');
      // ...with the conversion fields (decision 110) and the spam defence's (decision 095)
      // a form sends beside it.
      const documented = operation?.requestBody?.content['application/json']?.schema;
      const base = withConversionFields(bodySchemaOf(candidateBasicInfoRequest));
      expect(documented).toEqual({
        ...base,
        properties: {
          ...(base.properties as object),
          website: expect.any(Object),
          altcha: expect.any(Object),
        },
      });
      expect(documented).toMatchObject({
        properties: {
          eventId: { type: 'string' },
          consent: { enum: ['granted', 'denied', 'gpc'] },
        },
      });
      for (const status of ['200', '400', '429'])
        expect(operation?.responses).toHaveProperty(status);
    });

    it('documents a blank (spaces only) name as invalid, as the server answers it', async () => {
      const operation = checker.operation('POST', '/api/candidates/basic-info');
      const documented = operation?.requestBody?.content['application/json']?.schema as object;
      const valid = new Ajv2020({ strict: false, validateFormats: false }).compile(documented);
      const body = validBodies.candidateBasicInfo(uniqueEmail('blank'));
      expect(valid(body)).toBe(true);
      for (const lastName of ['   ', '\t \n']) {
        expect(valid({ ...body, lastName }), JSON.stringify(lastName)).toBe(false);
        const refused = await postJson(current().app, '/api/candidates/basic-info', {
          ...body,
          lastName,
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields).toEqual({ lastName: 'Last name is required' });
      }
    });

    it('finds an answer the document does not describe', async () => {
      const answer = await postJson(current().app, '/api/candidates/email', { email: 'nope' });
      expect(checker.problems('POST', '/api/candidates/email', answer)).toEqual([]);
      const forged = (changes: object) => ({ ...answer, ...changes }) as typeof answer;
      expect(
        checker.problems('POST', '/api/candidates/email', forged({ statusCode: 418 })),
      ).toHaveLength(1);
      expect(
        checker.problems('POST', '/api/candidates/email', forged({ body: '{"fields":{}}' })),
      ).toHaveLength(1);
      expect(checker.problems('PUT', '/api/candidates/email', answer)).toHaveLength(1);
    });

    it('matches every answer of a tour of the API, public and admin', async () => {
      const { app } = current();
      const cookie = await signIn(app);
      const seeded = await seedCandidate(current(), 'regular');
      const auth = { cookie };
      const calls: Call[] = [
        { method: 'GET', url: '/api/health' },
        { method: 'GET', url: '/api/openapi.json' },
        { method: 'GET', url: '/api/admin/session' },
        { method: 'GET', url: '/api/candidate-submissions' },
        { method: 'POST', url: '/api/admin/login', payload: { password: 'wrong password!' } },
        { method: 'POST', url: '/api/admin/login', payload: {} },
        {
          method: 'POST',
          url: '/api/candidates/email',
          headers: { 'content-type': 'text/plain' },
          payload: 'email=a@b.co',
        },
        {
          method: 'POST',
          url: '/api/candidates/email',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        },
        {
          method: 'POST',
          url: '/api/companies/email',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'x'.repeat(20_000) }),
        },
        { method: 'GET', url: '/api/candidate-submissions?limit=2', headers: auth },
        { method: 'GET', url: '/api/company-submissions?limit=0', headers: auth },
        { method: 'GET', url: '/api/admin/lead-emails', headers: auth },
        { method: 'GET', url: `/api/candidate-submissions/${seeded.id}`, headers: auth },
        { method: 'GET', url: '/api/company-submissions/999999', headers: auth },
        {
          method: 'PATCH',
          url: `/api/candidate-submissions/${seeded.id}`,
          headers: auth,
          payload: { status: 'contacted' },
        },
        {
          method: 'PATCH',
          url: `/api/candidate-submissions/${seeded.id}`,
          headers: auth,
          payload: { status: 'nope' },
        },
        {
          method: 'PATCH',
          url: `/api/candidate-submissions/${seeded.id}`,
          headers: { ...auth, origin: 'https://evil.example' },
          payload: { status: 'new' },
        },
        {
          method: 'POST',
          url: `/api/candidate-submissions/${seeded.id}/notes`,
          headers: auth,
          payload: { text: 'Called, call back Monday.' },
        },
        {
          method: 'POST',
          url: `/api/candidate-submissions/${seeded.id}/notes`,
          headers: auth,
          payload: { text: '' },
        },
        { method: 'POST', url: '/api/candidate-submissions/999999/send-email', headers: auth },
        {
          method: 'POST',
          url: `/api/candidate-submissions/${seeded.id}/send-email`,
          headers: auth,
        },
        { method: 'GET', url: '/api/admin/export/candidates.csv', headers: auth },
        { method: 'GET', url: '/api/admin/export/nothing.csv', headers: auth },
        { method: 'GET', url: '/api/admin/overview', headers: auth },
        { method: 'GET', url: '/api/admin/deliveries', headers: auth },
        { method: 'GET', url: '/api/admin/audit?limit=5', headers: auth },
        { method: 'DELETE', url: `/api/candidate-submissions/${seeded.id}`, headers: auth },
        { method: 'DELETE', url: `/api/candidate-submissions/${seeded.id}`, headers: auth },
        { method: 'GET', url: '/api/admin/quarantine', headers: auth },
        { method: 'POST', url: '/api/admin/quarantine/999999/release', headers: auth },
        { method: 'DELETE', url: '/api/admin/quarantine/999999', headers: auth },
        { method: 'POST', url: '/api/admin/sign-out-everywhere', headers: auth },
        { method: 'POST', url: '/api/admin/logout', headers: auth },
        { method: 'GET', url: '/api/admin/overview', headers: auth },
      ];
      const problems: string[] = [];
      const statuses = new Set<number>();
      for (const call of calls) {
        const response = await app.inject({ ...call, remoteAddress: freshAddress() });
        statuses.add(response.statusCode);
        problems.push(...checker.problems(String(call.method), call.url, response));
      }
      for (const [url, body] of [
        ['/api/candidates/basic-info', validBodies.candidateBasicInfo(uniqueEmail())],
        ['/api/candidates/basic-info', { email: 'nope' }],
      ] as const) {
        problems.push(...checker.problems('POST', url, await postJson(app, url, body)));
      }
      expect(problems).toEqual([]);
      // The tour did reach the answers it means to check.
      for (const status of [200, 201, 204, 400, 401, 403, 404, 413, 415]) {
        expect(statuses, String(status)).toContain(status);
      }
    });
  },
  adminOptions,
);
