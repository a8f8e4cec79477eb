import { beforeAll, expect, it } from 'vitest';
import { adminOptions, seedCandidate, seedCompany, signIn } from '../support/admin';
import { validBodies } from '../support/lead-bodies';
import { candidateIdOf, companiesWithEmail, leadProofOf } from '../support/api';
import { searchHeader } from '../support/search';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

interface TimelineEntry {
  at: string;
  kind: string;
  text: string;
}

async function call(
  testApp: TestApp,
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: unknown,
) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

async function list(testApp: TestApp, cookie: string, url: string, search?: string) {
  const headers = { cookie, ...searchHeader(search) };
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    rows: response.statusCode === 200 ? (response.json() as Record<string, unknown>[]) : [],
    total: Number(response.headers['x-total-count']),
  };
}

describeEachDatabase(
  'lead pipeline',
  (current) => {
    let cookie = '';
    const tag = `p${Date.now().toString(36)}`;

    beforeAll(async () => {
      cookie = await signIn(current().app);
    });

    it('lists each lead with its status, new at first, and filters by status with q and type', async () => {
      const testApp = current();
      const first = await seedCandidate(testApp, 'regular', { last_name: `${tag}one` });
      const second = await seedCandidate(testApp, 'regular', { last_name: `${tag}two` });
      const typeform = await seedCandidate(testApp, 'questionnaire', { last_name: `${tag}tf` });
      const company = await seedCompany(testApp, 'full', { company_name: `${tag} Compute` });
      for (const id of [second.id, typeform.id]) {
        const changed = await call(testApp, 'PATCH', `/api/candidate-submissions/${id}`, cookie, {
          status: 'contacted',
        });
        expect(changed.status).toBe(200);
      }

      const all = await list(testApp, cookie, '/api/candidate-submissions', tag);
      expect(all.rows.map((row) => [row.id, row.status])).toEqual([
        [typeform.id, 'contacted'],
        [second.id, 'contacted'],
        [first.id, 'new'],
      ]);
      const companies = await list(testApp, cookie, '/api/company-submissions', tag);
      expect(companies.rows.map((row) => [row.id, row.status])).toEqual([[company.id, 'new']]);

      const contacted = await list(
        testApp,
        cookie,
        '/api/candidate-submissions?type=regular&status=contacted',
        tag,
      );
      expect(contacted.rows.map((row) => row.id)).toEqual([second.id]);
      expect(contacted.total).toBe(1);
      const fresh = await list(
        testApp,
        cookie,
        '/api/candidate-submissions?type=regular&status=new',
        tag,
      );
      expect(fresh.rows.map((row) => row.id)).toEqual([first.id]);

      // Without a search: the tab's status range, and every tab of the table merged.
      const tab = await list(
        testApp,
        cookie,
        '/api/candidate-submissions?type=questionnaire&status=contacted',
      );
      expect(tab.rows.map((row) => row.id)).toEqual([typeform.id]);
      expect(tab.total).toBe(1);
      const untyped = await list(testApp, cookie, '/api/candidate-submissions?status=contacted');
      expect(untyped.rows.map((row) => row.id)).toEqual([typeform.id, second.id]);
      expect(untyped.total).toBe(2);
    });

    it('answers 400 for a status the table does not have', async () => {
      const testApp = current();
      for (const url of [
        '/api/candidate-submissions?status=partner',
        '/api/company-submissions?status=placed',
        '/api/candidate-submissions?status=',
        '/api/admin/lead-emails?status=lost',
      ]) {
        const response = await list(testApp, cookie, url);
        expect(response.status, url).toBe(400);
      }
      const emails = await list(testApp, cookie, '/api/admin/lead-emails?status=new&limit=500');
      expect(emails.status).toBe(200);
      expect(emails.rows.every((row) => row.status === 'new')).toBe(true);
    });

    it('keeps each form as it was sent, so a later form does not erase what an earlier said', async () => {
      const testApp = current();
      const email = uniqueEmail('history');
      const post = (url: string, body: object, cookie?: string) =>
        testApp.app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: cookie ? { cookie } : {},
        });
      const first = await post('/api/candidates/basic-info', {
        ...validBodies.candidateBasicInfo(email),
        phone: '555-0100',
        attribution: { page: '/candidates', utmSource: 'ads' },
      });
      const id = await candidateIdOf(testApp.db, email);
      // The same browser: its proof lets the later form change the phone (decision 176).
      await post(
        '/api/candidates/submit',
        {
          ...validBodies.candidateApplication(email),
          phone: '555-0199',
          attribution: { page: '/apply' },
        },
        leadProofOf(first),
      );

      const detail = await call(testApp, 'GET', `/api/candidate-submissions/${id}`, cookie);
      expect(detail.status).toBe(200);
      // The summary holds the latest phone; the history still has the first.
      expect(detail.body).toMatchObject({ phone: '555-0199' });
      const { submissions } = detail.body as {
        submissions: { form: string; at: string; fields: Record<string, string | null> }[];
      };
      expect(submissions).toMatchObject([
        {
          form: 'candidate-basic-info',
          sourcePage: '/candidates',
          fields: { first_name: 'Ada', phone: '555-0100' },
          attribution: { page: '/candidates', utmSource: 'ads' },
        },
        {
          form: 'candidate-application',
          sourcePage: '/apply',
          fields: { phone: '555-0199' },
          attribution: { page: '/apply' },
        },
      ]);
      expect(submissions.map((submission) => submission.at)).toEqual(
        submissions.map((submission) => submission.at).sort(),
      );
    });

    it('answers a lead with every field, its status and its timeline, oldest first', async () => {
      const testApp = current();
      const email = uniqueEmail('timeline');
      const post = (url: string, body: object) =>
        testApp.app.inject({ method: 'POST', url, payload: body });
      await post('/api/candidates/basic-info', {
        ...validBodies.candidateBasicInfo(email),
        attribution: { page: '/candidates', utmSource: 'ads' },
      });
      const id = await candidateIdOf(testApp.db, email);
      await post('/api/candidates/questionnaire', {
        ...validBodies.questionnaire(email),
        attribution: { page: '/typeform' },
      });
      const sent = await call(
        testApp,
        'POST',
        `/api/candidate-submissions/${id}/send-email`,
        cookie,
      );
      expect(sent.status).toBe(200);
      await call(testApp, 'PATCH', `/api/candidate-submissions/${id}`, cookie, {
        status: 'qualified',
      });
      await call(testApp, 'POST', `/api/candidate-submissions/${id}/notes`, cookie, {
        text: '  Called, starts in May.  ',
      });

      const detail = await call(testApp, 'GET', `/api/candidate-submissions/${id}`, cookie);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        id,
        email,
        status: 'qualified',
        leadType: 'questionnaire',
        firstName: 'Ada',
        phone: '555-0100',
        availability: 'within-month',
        fullTime: 'yes',
        relocation: 'depends',
        questionnaireLocation: 'Phoenix, AZ',
        motivation: 'I want a stable job in a growing field.',
        sourcePage: '/candidates',
        utmSource: 'ads',
      });
      const timeline = (detail.body as { timeline: TimelineEntry[] }).timeline;
      expect(timeline.map(({ kind, text }) => [kind, text])).toEqual([
        ['created', 'Lead created (/candidates)'],
        ['submitted', 'Submitted name and phone (/candidates)'],
        ['submitted', 'Submitted the questionnaire (/typeform)'],
        ['email_sent', 'Form e-mail saved to the outbox by Owner: no mail server is configured'],
        ['status_changed', 'Status changed from New to Qualified by Owner'],
        ['note', 'Called, starts in May.'],
      ]);
      const times = timeline.map((entry) => entry.at);
      expect(times).toEqual([...times].sort());
      expect(times.every((at) => /^\d{4}-\d{2}-\d{2}T.*Z$/.test(at))).toBe(true);

      const company = await seedCompany(testApp, 'full', { timeline: 'soon' });
      const companyDetail = await call(
        testApp,
        'GET',
        `/api/company-submissions/${company.id}`,
        cookie,
      );
      expect(companyDetail.body).toMatchObject({
        id: company.id,
        status: 'new',
        companyName: 'Acme Data',
        // The company's hiring timeline travels beside the history, which is `timeline`.
        hiringTimeline: 'soon',
        timeline: [{ kind: 'created', text: 'Lead created' }],
      });
    });

    it('answers 401 without a session and 404 for an unknown lead, on every pipeline route', async () => {
      const testApp = current();
      const lead = await seedCandidate(testApp, 'regular');
      const routes: [method: 'GET' | 'PATCH' | 'POST', path: string, body?: object][] = [
        ['GET', ''],
        ['PATCH', '', { status: 'contacted' }],
        ['POST', '/notes', { text: 'Called.' }],
      ];
      for (const [method, suffix, body] of routes) {
        for (const base of ['/api/candidate-submissions', '/api/company-submissions']) {
          const anonymous = await call(
            testApp,
            method,
            `${base}/${lead.id}${suffix}`,
            undefined,
            body,
          );
          expect(anonymous.status, `${method} ${base}${suffix}`).toBe(401);
          const unknown = await call(testApp, method, `${base}/99999999${suffix}`, cookie, body);
          expect(unknown.status, `${method} ${base}${suffix}`).toBe(404);
          expect(unknown.body).toEqual({ error: 'Not found' });
        }
      }
      const after = await call(testApp, 'GET', `/api/candidate-submissions/${lead.id}`, cookie);
      expect(after.body).toMatchObject({ status: 'new', timeline: [{ kind: 'created' }] });
    });

    it('changes a status and answers the detail; refuses a bad body with 400, changing nothing', async () => {
      const testApp = current();
      const company = await seedCompany(testApp, 'full');
      const url = `/api/company-submissions/${company.id}`;
      const changed = await call(testApp, 'PATCH', url, cookie, { status: 'in_discussion' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ id: company.id, status: 'in_discussion' });
      expect((changed.body as { timeline: TimelineEntry[] }).timeline.at(-1)).toMatchObject({
        kind: 'status_changed',
        text: 'Status changed from New to In discussion by Owner',
      });

      for (const body of [
        { status: 'placed' }, // a candidate status
        { status: 'lost' },
        { status: 1 },
        { status: true },
        { status: null },
        { status: ['new'] },
        {},
        { status: 'partner', note: 'extra' },
        ['partner'],
      ]) {
        const refused = await call(testApp, 'PATCH', url, cookie, body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body).toMatchObject({
          error: 'Please check the highlighted fields',
          fields: expect.any(Object),
        });
      }
      const extra = await call(testApp, 'PATCH', url, cookie, { status: 'partner', note: 'x' });
      expect(extra.body).toMatchObject({ fields: { note: 'Unknown field' } });
      const after = await call(testApp, 'GET', url, cookie);
      expect(after.body).toMatchObject({ status: 'in_discussion' });
      expect((after.body as { timeline: TimelineEntry[] }).timeline).toHaveLength(2);

      // The same status again changes nothing and records nothing.
      const same = await call(testApp, 'PATCH', url, cookie, { status: 'in_discussion' });
      expect(same.status).toBe(200);
      expect((same.body as { timeline: TimelineEntry[] }).timeline).toHaveLength(2);
    });

    it('adds notes of 1 to 5,000 characters and refuses the rest', async () => {
      const testApp = current();
      const lead = await seedCandidate(testApp, 'email');
      const url = `/api/candidate-submissions/${lead.id}/notes`;
      const longest = 'é'.repeat(5000);
      const added = await call(testApp, 'POST', url, cookie, { text: longest });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ id: expect.any(Number), text: longest });
      expect((added.body as { createdAt: string }).createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      for (const body of [
        { text: '' },
        { text: '   ' },
        { text: 'x'.repeat(5001) },
        { text: 5 },
        { text: 'ok', pinned: true },
        {},
      ]) {
        const refused = await call(testApp, 'POST', url, cookie, body);
        expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(refused.body).toMatchObject({ error: 'Please check the highlighted fields' });
      }
      const withNul = await call(testApp, 'POST', url, cookie, { text: 'Call\u0000ed back.' });
      expect(withNul.status).toBe(201);
      expect(withNul.body).toMatchObject({ text: 'Called back.' });
      const onlyNul = await call(testApp, 'POST', url, cookie, { text: '\u0000' });
      expect(onlyNul.status).toBe(400);

      const detail = await call(testApp, 'GET', `/api/candidate-submissions/${lead.id}`, cookie);
      const notes = (detail.body as { timeline: TimelineEntry[] }).timeline.filter(
        (entry) => entry.kind === 'note',
      );
      expect(notes.map((note) => note.text)).toEqual([longest, 'Called back.']);
    });

    it('deletes a lead with its notes, activity and form history', async () => {
      const testApp = current();
      const email = uniqueEmail('deleted');
      await testApp.app.inject({
        method: 'POST',
        url: '/api/companies/email',
        payload: validBodies.companyEmail(email),
      });
      const [company] = await companiesWithEmail(testApp.db, email);
      const id = company?.id ?? -1;
      const base = `/api/company-submissions/${id}`;
      await call(testApp, 'POST', `${base}/notes`, cookie, { text: 'Private remark' });
      await call(testApp, 'PATCH', base, cookie, { status: 'contacted' });
      const count = async (table: 'lead_activity' | 'lead_submissions') =>
        (
          await testApp.db
            .selectFrom(table)
            .select('id')
            .where('lead_table', '=', 'companies')
            .where('lead_id', '=', id)
            .execute()
        ).length;
      expect(await count('lead_activity')).toBe(2);
      expect(await count('lead_submissions')).toBe(1);

      expect((await call(testApp, 'DELETE', base, cookie)).status).toBe(204);
      expect(await count('lead_activity')).toBe(0);
      expect(await count('lead_submissions')).toBe(0);
      expect((await call(testApp, 'GET', base, cookie)).status).toBe(404);
    });
  },
  // The person's confirmation would join the timeline whenever it is sent (decision 154).
  { ...adminOptions, personWorker: { enabled: false } },
);
