import { beforeAll, expect, it } from 'vitest';
import {
  entriesOf,
  postedBy,
  type AnyFields,
  type ExportSection,
} from '../../src/shared/lead-field';
import { attributionFields, candidateFields, companyFields } from '../../src/shared/lead-fields';
import type { LeadForm } from '../../src/shared/lead-vocabulary';
import { signIn } from '../support/admin';
import { postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';
import { parseCsv } from '../support/csv';
import { searchHeader } from '../support/search';

/*
 * Every field of the lead-field contract (src/shared/lead-fields.ts) goes the whole way: posted by
 * its form, stored, answered by the admin's detail, exported in its CSV column and kept by a merge.
 * The values come from the contract, so a field it declares and some part forgets fails here.
 */

let serial = 0;
/** A value the field's form accepts: its last option, or a text naming it. */
const valueOf = (name: string, options?: readonly { value: string }[]) =>
  options ? options.at(-1)!.value : `${name} ${Date.now().toString(36)}${(serial += 1)}`;

/** The body `form` posts: a valid one, every contract field it posts set from the contract. */
function bodyOf(fields: AnyFields, form: LeadForm, base: Record<string, string>) {
  const sent: Record<string, string> = {};
  const body: Record<string, unknown> = { ...base };
  for (const field of postedBy(fields, form)) {
    body[field.name] = sent[field.name] = valueOf(field.name, field.options);
  }
  const attribution = Object.fromEntries(
    entriesOf(attributionFields).map(([name, field]) => [
      field.posted ?? name,
      name === 'landingVariant' ? 'high_salary' : valueOf(name),
    ]),
  );
  return { body: { ...body, attribution }, sent };
}

/** What the API answers for a field posted as `sent`: the same value under its API name. */
function expectedOf(fields: AnyFields, form: LeadForm, sent: Record<string, string>) {
  return Object.fromEntries(
    postedBy(fields, form).map((field) => [field.apiName, sent[field.name]]),
  );
}

/** The CSV sections of each export tab (server/leads export-tabs.ts). */
const sectionsOf: Record<string, ExportSection[]> = {
  'questionnaire-leads': ['person', 'answers', 'attribution'],
  candidates: ['person', 'application', 'answers', 'attribution'],
  companies: ['company', 'attribution'],
};

describeEachDatabase('the lead-field contract, end to end', (current) => {
  let cookie = '';
  beforeAll(async () => {
    cookie = await signIn(current().app);
  });

  const post = async (url: string, body: object) => {
    const response = await postJson(current().app, url, body);
    expect(response.statusCode, response.body).toBe(200);
  };
  const admin = async (method: 'GET' | 'POST', url: string, payload?: object, search?: string) => {
    const response = await current().app.inject({
      method,
      url,
      headers: { cookie, ...searchHeader(search) },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const idOf = async (testApp: TestApp, table: 'candidates' | 'companies', email: string) =>
    (
      await testApp.db
        .selectFrom(table)
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  /** Each exported contract field's cell equals the detail's value (blank for null). */
  async function expectExported(tab: string, fields: AnyFields, detail: Record<string, unknown>) {
    const url = `/api/admin/export/${tab}.csv`;
    const response = await admin('GET', url, undefined, String(detail.email));
    const [header, row, ...more] = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
    expect(more).toEqual([]);
    for (const [name, field] of entriesOf({ ...fields, ...attributionFields })) {
      if (!field.export || !sectionsOf[tab]!.includes(field.export.section)) continue;
      expect(header, field.export.header).toContain(field.export.header);
      expect(row?.[header!.indexOf(field.export.header)], name).toBe(String(detail[name] ?? ''));
    }
  }

  it('takes every candidate field from its form to the detail, the CSV and a merge', async () => {
    // A regular candidate (the application) and a questionnaire lead (names, then answers).
    const regular = uniqueEmail('contract-regular');
    const application = bodyOf(
      candidateFields,
      'candidate-application',
      validBodies.candidateApplication(regular),
    );
    await post('/api/candidates/submit', application.body);
    const questionnaire = uniqueEmail('contract-questionnaire');
    const named = bodyOf(
      candidateFields,
      'candidate-basic-info',
      validBodies.candidateBasicInfo(questionnaire),
    );
    await post('/api/candidates/basic-info', named.body);
    const answers = bodyOf(
      candidateFields,
      'questionnaire',
      validBodies.questionnaire(questionnaire),
    );
    await post('/api/candidates/questionnaire', answers.body);

    const detailOf = async (email: string) =>
      (
        await admin(
          'GET',
          `/api/candidate-submissions/${await idOf(current(), 'candidates', email)}`,
        )
      ).json() as Record<string, unknown>;
    const first = await detailOf(regular);
    const second = await detailOf(questionnaire);
    expect(first).toMatchObject(
      expectedOf(candidateFields, 'candidate-application', application.sent),
    );
    expect(second).toMatchObject({
      ...expectedOf(candidateFields, 'candidate-basic-info', named.sent),
      ...expectedOf(candidateFields, 'questionnaire', answers.sent),
      typeformCompleted: true,
      isTypeformCandidate: true,
    });
    for (const [name, field] of entriesOf(attributionFields)) {
      expect(first[name], name).toBe(application.body.attribution[field.posted ?? name]);
    }
    await expectExported('candidates', candidateFields, first);
    await expectExported('questionnaire-leads', candidateFields, second);

    // The merge keeps the kept lead's values and fills its blanks from the other, field by field.
    const keptId = await idOf(current(), 'candidates', questionnaire);
    const otherId = await idOf(current(), 'candidates', regular);
    await admin('POST', `/api/candidate-submissions/${keptId}/merge`, { otherId });
    const merged = (await admin('GET', `/api/candidate-submissions/${keptId}`)).json() as Record<
      string,
      unknown
    >;
    for (const [name, field] of entriesOf({ ...candidateFields, ...attributionFields })) {
      if (field.kind === 'email') continue;
      const expected =
        field.kind === 'flag'
          ? true
          : field.group === 'attribution'
            ? first[name]
            : (second[name] ?? first[name]);
      expect(merged[name], name).toBe(expected);
    }
  });

  it('takes every company field from its form to the detail and the CSV', async () => {
    const email = uniqueEmail('contract-company');
    const request = bodyOf(companyFields, 'company-request', validBodies.companyRequest(email));
    await post('/api/companies/submit', request.body);
    const id = await idOf(current(), 'companies', email);
    const detail = (await admin('GET', `/api/company-submissions/${id}`)).json() as Record<
      string,
      unknown
    >;
    // The detail's `timeline` is the history: the company's own travels as `hiringTimeline`.
    const { timeline, ...own } = expectedOf(companyFields, 'company-request', request.sent);
    expect(detail).toMatchObject({ ...own, hiringTimeline: timeline });
    await expectExported('companies', companyFields, {
      ...detail,
      timeline: detail.hiringTimeline,
    });
  });
});
