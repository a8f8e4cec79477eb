import { beforeAll, expect, it } from 'vitest';
import { adminOptions, signIn } from '../support/admin';
import { fetchOpenApi, OpenApiChecker } from '../support/openapi';
import { describeEachDatabase, type TestApp } from '../support/test-app';

const base = '/api/admin/message-templates';

describeEachDatabase(
  'stage-change message templates',
  (current) => {
    let cookie = '';
    let checker: OpenApiChecker;

    beforeAll(async () => {
      cookie = await signIn(current().app);
      checker = new OpenApiChecker(await fetchOpenApi(current().app));
    });

    /** Calls the API as the admin; every answer must be the one the OpenAPI document describes. */
    async function call(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) {
      const response = await current().app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
      expect(checker.problems(method, url, response)).toEqual([]);
      return { status: response.statusCode, body: response.body ? response.json() : undefined };
    }

    const auditActions = async (testApp: TestApp) =>
      (
        await testApp.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } })
      ).json() as { action: string; leadType: string | null; detail: string | null }[];

    it('lists every status of both lead types but withdrawn, each with its default but new', async () => {
      const listed = await call('GET', base);
      expect(listed.status).toBe(200);
      const slots = listed.body as {
        leadType: string;
        status: string;
        template: { subject: string; body: string; updatedAt: string | null } | null;
        default: { subject: string; body: string } | null;
      }[];
      expect(slots.map(({ leadType, status }) => [leadType, status])).toEqual([
        ...['new', 'contacted', 'qualified', 'enrolled', 'placed', 'not_a_fit'].map((status) => [
          'candidate',
          status,
        ]),
        ...['new', 'contacted', 'in_discussion', 'partner', 'not_a_fit'].map((status) => [
          'company',
          status,
        ]),
      ]);
      for (const slot of slots) {
        if (slot.status === 'new') {
          expect(slot).toMatchObject({ template: null, default: null });
          continue;
        }
        // Nothing saved: the status sends its default, marked by a null updatedAt.
        expect(slot.template).toEqual({ ...slot.default, updatedAt: null });
        expect(slot.default!.body).not.toMatch(/\{(?!firstName|company|statusLink|supportEmail)/);
      }
      const qualified = slots.find((s) => s.leadType === 'candidate' && s.status === 'qualified');
      expect(qualified?.default?.body).toContain('8-week training');
      expect(qualified?.default?.body).toContain('employers pay for it');
    });

    it('saves, replaces and removes a template, each change audited without its text', async () => {
      const url = `${base}/candidate/qualified`;
      const saved = await call('PUT', url, {
        subject: '  Good news, {firstName}  ',
        body: 'Hello {firstName},\n\nSee where you stand: {statusLink}\n{supportEmail}',
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        leadType: 'candidate',
        status: 'qualified',
        template: {
          subject: 'Good news, {firstName}',
          body: 'Hello {firstName},\n\nSee where you stand: {statusLink}\n{supportEmail}',
        },
      });

      const replaced = await call('PUT', url, { subject: 'Next step', body: 'At {company}.' });
      expect(replaced.body).toMatchObject({
        template: { subject: 'Next step', body: 'At {company}.' },
      });
      const listed = (await call('GET', base)).body as {
        leadType: string;
        status: string;
        template: unknown;
      }[];
      const slot = listed.find(
        (entry) => entry.leadType === 'candidate' && entry.status === 'qualified',
      );
      expect(slot).toMatchObject({ template: { subject: 'Next step', body: 'At {company}.' } });
      expect(slot).toMatchObject({ template: { updatedAt: expect.any(String) } });

      // Removed (the dashboard's "Reset to default"), the status sends its default again.
      expect((await call('DELETE', url)).status).toBe(204);
      expect((await call('DELETE', url)).status).toBe(404);
      const after = (await call('GET', base)).body as typeof listed;
      const reset = after.find(
        (entry) => entry.leadType === 'candidate' && entry.status === 'qualified',
      ) as unknown as { template: object; default: object };
      expect(reset.template).toEqual({ ...reset.default, updatedAt: null });

      const entries = await auditActions(current());
      const mine = entries.filter((entry) => entry.action.startsWith('message_template_'));
      expect(mine.map(({ action, leadType, detail }) => [action, leadType, detail])).toEqual([
        ['message_template_removed', 'candidate', 'qualified'],
        ['message_template_saved', 'candidate', 'qualified'],
        ['message_template_saved', 'candidate', 'qualified'],
      ]);
      expect(JSON.stringify(entries)).not.toContain('Next step');
    });

    it('refuses a bad template with 400 naming each field, and changes nothing', async () => {
      const url = `${base}/company/partner`;
      const cases: [object, Record<string, string>][] = [
        [{}, { subject: 'Please enter a subject', body: 'Please enter a message' }],
        [
          { subject: '  ', body: '' },
          { subject: 'Please enter a subject', body: 'Please enter a message' },
        ],
        [
          { subject: 'Two\nlines', body: 'ok' },
          { subject: 'Please use a single line without special characters.' },
        ],
        [
          { subject: 'x'.repeat(201), body: 'ok' },
          { subject: 'Please keep this under 200 characters' },
        ],
        [
          { subject: 'ok', body: 'y'.repeat(5001) },
          { body: 'Please keep this under 5000 characters' },
        ],
        [
          { subject: 'Hi {name}', body: 'From {company} and {team} and {name}' },
          { subject: 'Unknown placeholders: {name}', body: 'Unknown placeholders: {team}, {name}' },
        ],
        [{ subject: 5, body: 'ok' }, { subject: 'Please enter a subject' }],
      ];
      for (const [payload, fields] of cases) {
        const refused = await call('PUT', url, payload);
        expect(refused.status, JSON.stringify(payload).slice(0, 60)).toBe(400);
        expect(refused.body).toEqual({ error: 'Please check the highlighted fields', fields });
      }
      const unknownField = await call('PUT', url, { subject: 'ok', body: 'ok', from: 'x' });
      expect(unknownField.status).toBe(400);
      // 5,000 characters of a non-Latin script fit.
      expect((await call('PUT', url, { subject: 'ok', body: 'й'.repeat(5000) })).status).toBe(200);
      expect((await call('DELETE', url)).status).toBe(204);
    });

    it('answers 404 naming an unknown lead type or status, withdrawn included', async () => {
      const body = { subject: 'Hi', body: 'Hello' };
      expect(await call('PUT', `${base}/person/new`, body)).toEqual({
        status: 404,
        body: { error: 'Unknown lead type: person' },
      });
      expect(await call('PUT', `${base}/company/qualified`, body)).toEqual({
        status: 404,
        body: { error: 'Unknown company status: qualified' },
      });
      expect(await call('DELETE', `${base}/candidate/withdrawn`)).toEqual({
        status: 404,
        body: { error: 'Unknown candidate status: withdrawn' },
      });
    });
  },
  adminOptions,
);
