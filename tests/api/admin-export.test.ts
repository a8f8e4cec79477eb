import { beforeAll, expect, it } from 'vitest';
import { adminOptions, seedCandidate, seedCompany, signIn } from '../support/admin';
import { parseCsv } from '../support/csv';
import { searchHeader } from '../support/search';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';
import { acrossDays } from '../support/utc-days';

/** The attribution every export ends with (first touch). */
const attributionHeaders = [
  'Source Page',
  'Landing Variant',
  'UTM Source',
  'UTM Medium',
  'UTM Campaign',
  'UTM Term',
  'UTM Content',
  'Referrer',
  'FBCLID',
];

async function exportTab(testApp: TestApp, cookie: string, tab: string, search?: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/export/${tab}.csv`,
    headers: { cookie, ...searchHeader(search) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describeEachDatabase(
  'admin CSV exports',
  (current) => {
    let cookie = '';
    const tag = `x${Date.now().toString(36)}`;
    let formulaEmail = '';

    beforeAll(async () => {
      const testApp = current();
      cookie = await signIn(testApp.app);
      formulaEmail = uniqueEmail('formula');
      await seedCandidate(
        testApp,
        'questionnaire',
        { first_name: '=HYPERLINK("http://x")', last_name: `${tag}O"Brien`, phone: '+1 555 0100' },
        { email: formulaEmail, questionnaireCompleted: true },
      );
      await seedCandidate(testApp, 'questionnaire', {
        first_name: 'Zoë',
        last_name: `${tag}Müller`,
        utm_campaign: 'spring',
      });
      await seedCandidate(testApp, 'regular', {
        first_name: '@SUM(A1)',
        last_name: `${tag}regular`,
        reason: 'line one\nline "two"',
        fbclid: 'IwAR-click.1',
      });
      await seedCompany(testApp, 'full', {
        company_name: `${tag}-co`,
        contact_name: '-2+3',
        comments: '\tTabbed',
        utm_source: 'facebook',
        fbclid: 'IwAR-click.2',
      });
      await seedCandidate(
        testApp,
        'email',
        { source_page: '/training', fbclid: 'IwAR-email' },
        { email: `${tag}.lead@example.com` },
      );
      await seedCompany(testApp, 'email');
    });

    it('streams questionnaire leads as RFC 4180 with a BOM, named <tab>-YYYY-MM-DD.csv', async () => {
      const exported = await acrossDays(() =>
        exportTab(current(), cookie, 'questionnaire-leads', tag),
      );
      const response = exported.result;
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      // Named for the day it was made: the day the export began or ended in.
      const named = (day: string) => `attachment; filename="typeform-leads-${day}.csv"`;
      expect([named(exported.from), named(exported.to)]).toContain(
        response.headers['content-disposition'],
      );
      const raw = response.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = raw.subarray(3).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replaceAll('\r\n', '')).not.toMatch(/\n/);
      const rows = parseCsv(text);
      expect(rows[0]).toEqual([
        'ID',
        'First Name',
        'Last Name',
        'Email',
        'Phone',
        'Status',
        'Submitted',
        'Availability',
        'Full Time',
        'Relocation',
        'Questionnaire Location',
        'Motivation',
        'Pipeline Status',
        ...attributionHeaders,
      ]);
      expect(rows).toHaveLength(3);
      // Newest first: Zoë, then the formula case.
      expect(rows[1]?.slice(1, 3)).toEqual(['Zoë', `${tag}Müller`]);
      expect(rows[1]?.[5]).toBe('Not Completed');
      expect(rows[1]?.[rows[0]!.indexOf('UTM Campaign')]).toBe('spring');
      expect(rows[2]?.slice(1, 6)).toEqual([
        `'=HYPERLINK("http://x")`,
        `${tag}O"Brien`,
        formulaEmail,
        `'+1 555 0100`,
        'Completed',
      ]);
      // Quotes doubled on the wire.
      expect(text).toContain(`"'=HYPERLINK(""http://x"")","${tag}O""Brien"`);
      expect(rows[2]?.[6]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it('exports every field of candidates and companies, neutralising formulas', async () => {
      const candidates = parseCsv(
        (await exportTab(current(), cookie, 'candidates', tag)).rawPayload
          .subarray(3)
          .toString('utf8'),
      );
      expect(candidates[0]).toEqual(
        expect.arrayContaining([
          'ID',
          'First Name',
          'Last Name',
          'Email',
          'Phone',
          'Location',
          'Education Level',
          'Tech Experience',
          'Reason',
          'Questionnaire',
          'Source Page',
          'Landing Variant',
          'UTM Source',
          'UTM Campaign',
          'Submitted',
        ]),
      );
      expect(candidates).toHaveLength(2);
      const header = candidates[0] as string[];
      const row = candidates[1] as string[];
      expect(row[header.indexOf('First Name')]).toBe("'@SUM(A1)");
      expect(row[header.indexOf('Reason')]).toBe('line one\nline "two"');
      expect(row[header.indexOf('FBCLID')]).toBe('IwAR-click.1');

      const companies = parseCsv(
        (await exportTab(current(), cookie, 'companies', tag)).rawPayload
          .subarray(3)
          .toString('utf8'),
      );
      const companyHeader = companies[0] as string[];
      expect(companyHeader).toEqual(
        expect.arrayContaining([
          'Company',
          'Contact Name',
          'Title',
          'Company Size',
          'Talent Needs',
          'Timeline',
          'Comments',
        ]),
      );
      expect(companies).toHaveLength(2);
      expect(companies[1]?.[companyHeader.indexOf('Contact Name')]).toBe("'-2+3");
      expect(companies[1]?.[companyHeader.indexOf('Comments')]).toBe("'\tTabbed");
      expect(companies[1]?.[companyHeader.indexOf('Company')]).toBe(`${tag}-co`);
      expect(companies[1]?.[companyHeader.indexOf('UTM Source')]).toBe('facebook');
      expect(companies[1]?.[companyHeader.indexOf('FBCLID')]).toBe('IwAR-click.2');
    });

    it('exports e-mail-only leads of both kinds as email, type, submitted (then status)', async () => {
      const rows = parseCsv(
        (await exportTab(current(), cookie, 'lead-emails')).rawPayload.subarray(3).toString('utf8'),
      );
      expect(rows[0]?.slice(0, 4)).toEqual(['Email', 'Type', 'Submitted', 'Status']);
      expect(rows[0]?.slice(4)).toEqual(attributionHeaders);
      expect(rows.map((row) => row[1])).toEqual(expect.arrayContaining(['Candidate', 'Company']));
      const mine = rows.find((row) => row[0] === `${tag}.lead@example.com`);
      expect(mine?.[rows[0]!.indexOf('Source Page')]).toBe('/training');
      expect(mine?.[rows[0]!.indexOf('FBCLID')]).toBe('IwAR-email');
      expect(rows.map((row) => row[0])).toContain(`${tag}.lead@example.com`);
      const dates = rows.slice(1).map((row) => row[2] as string);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('covers the whole tab, across many keyset pages', async () => {
      const testApp = current();
      const many = `${tag}bulk`;
      for (let i = 0; i < 30; i++)
        await seedCandidate(testApp, 'regular', { last_name: `${many}${i}` });
      const rows = parseCsv(
        (await exportTab(testApp, cookie, 'candidates', many)).rawPayload
          .subarray(3)
          .toString('utf8'),
      );
      expect(rows).toHaveLength(31);
    });

    it('keeps a value that holds a unit separator (U+001F) in its own cell', async () => {
      const testApp = current();
      const odd = `${tag}sep`;
      await seedCandidate(testApp, 'regular', {
        last_name: odd,
        reason: 'a\u001fb, "c"',
        location: '=1\u001f=2',
      });
      const rows = parseCsv(
        (await exportTab(testApp, cookie, 'candidates', odd)).rawPayload
          .subarray(3)
          .toString('utf8'),
      );
      const header = rows[0] as string[];
      expect(rows).toHaveLength(2);
      expect(rows[1]).toHaveLength(header.length);
      expect(rows[1]?.[header.indexOf('Reason')]).toBe('a\u001fb, "c"');
      expect(rows[1]?.[header.indexOf('Location')]).toBe("'=1\u001f=2");
      expect(rows[1]?.[header.indexOf('Last Name')]).toBe(odd);
    });

    it('adds the pipeline status to every tab and the questionnaire answers to Typeform Leads', async () => {
      const testApp = current();
      const mark = `${tag}pipe`;
      const typeform = await seedCandidate(testApp, 'questionnaire', {
        last_name: mark,
        availability: 'within-month',
        full_time: 'yes',
        relocation: 'depends',
        questionnaire_location: 'Phoenix, AZ',
        motivation: 'Steady work',
      });
      const company = await seedCompany(testApp, 'full', { company_name: mark });
      const setStatus = async (path: string, status: string) => {
        const response = await testApp.app.inject({
          method: 'PATCH',
          url: path,
          headers: { cookie },
          payload: { status },
        });
        expect(response.statusCode).toBe(200);
      };
      await setStatus(`/api/candidate-submissions/${typeform.id}`, 'not_a_fit');
      await setStatus(`/api/company-submissions/${company.id}`, 'in_discussion');
      const csv = async (tab: string, search: string, query = '') => {
        const response = await testApp.app.inject({
          method: 'GET',
          url: `/api/admin/export/${tab}.csv${query}`,
          headers: { cookie, ...searchHeader(search) },
        });
        expect(response.statusCode).toBe(200);
        return parseCsv(response.rawPayload.subarray(3).toString('utf8'));
      };

      const [header, row, ...more] = await csv('questionnaire-leads', mark);
      expect(more).toEqual([]);
      expect(header?.slice(0, 7)).toEqual([
        'ID',
        'First Name',
        'Last Name',
        'Email',
        'Phone',
        'Status',
        'Submitted',
      ]);
      expect(row?.slice(5, 6)).toEqual(['Not Completed']);
      expect(row?.slice(7, 13)).toEqual([
        'within-month',
        'yes',
        'depends',
        'Phoenix, AZ',
        'Steady work',
        'Not a fit',
      ]);
      const companies = await csv('companies', mark, '?status=in_discussion');
      expect(companies).toHaveLength(2);
      expect(companies[1]?.[(companies[0] ?? []).indexOf('Status')]).toBe('In discussion');
      expect(await csv('companies', mark, '?status=new')).toHaveLength(1);
      const emails = await csv('lead-emails', `${tag}.lead`);
      expect(emails[0]?.slice(0, 4)).toEqual(['Email', 'Type', 'Submitted', 'Status']);
      expect(emails[1]?.[3]).toBe('New');
      const refused = await testApp.app.inject({
        method: 'GET',
        url: '/api/admin/export/candidates.csv?status=lost',
        headers: { cookie },
      });
      expect(refused.statusCode).toBe(400);
    });

    it('answers a header-only file when nothing matches', async () => {
      const response = await exportTab(current(), cookie, 'companies', `${tag}none`);
      expect(response.rawPayload.subarray(3).toString('utf8')).toBe(
        '"ID","Company","Contact Name","Title","Email","Phone","Company Size","Talent Needs","Timeline","Comments","Stage","Source Page","Landing Variant","UTM Source","UTM Medium","UTM Campaign","UTM Term","UTM Content","Referrer","FBCLID","Submitted","Updated","Status"\r\n',
      );
    });
  },
  adminOptions,
);
