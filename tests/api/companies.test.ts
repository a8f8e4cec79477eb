import { expect, it } from 'vitest';
import { INVALID, companiesWithEmail, leadCount, postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

const WORK_EMAIL = 'Please enter a valid work email address';

/** [endpoint, body builder, field, bad value, exact message]; undefined means "left out". */
const invalidCases: [string, (email: string) => object, string, unknown, string][] = [
  ['email', validBodies.companyEmail, 'email', 'hr-at-acme', WORK_EMAIL],
  ['email', validBodies.companyEmail, 'email', undefined, WORK_EMAIL],
  ['email', validBodies.companyEmail, 'company', 'A', 'Company name is required'],
  ['email', validBodies.companyEmail, 'company', undefined, 'Company name is required'],
  ['submit', validBodies.companyRequest, 'email', 'x@', WORK_EMAIL],
  ['submit', validBodies.companyRequest, 'name', '', 'Your name is required'],
  ['submit', validBodies.companyRequest, 'title', ' ', 'Your title is required'],
  ['submit', validBodies.companyRequest, 'company', '', 'Company name is required'],
  ['submit', validBodies.companyRequest, 'companySize', 'huge', 'Please select a company size'],
  ['submit', validBodies.companyRequest, 'companySize', undefined, 'Please select a company size'],
  [
    'submit',
    validBodies.companyRequest,
    'talentNeeds',
    '',
    'Please tell us about your hiring needs',
  ],
  ['submit', validBodies.companyRequest, 'timeline', 'never', 'Please select a timeline'],
  [
    'submit',
    validBodies.companyRequest,
    'comments',
    'x'.repeat(4001),
    'Please keep this under 4000 characters',
  ],
  [
    'submit',
    validBodies.companyRequest,
    'phone',
    '5'.repeat(41),
    'Please keep this under 40 characters',
  ],
];

describeEachDatabase('company endpoints', (current) => {
  it('POST /api/companies/email creates an e-mail lead with the company name', async () => {
    const { app, db } = current();
    const email = uniqueEmail('hr');
    const response = await postJson(app, '/api/companies/email', validBodies.companyEmail(email));
    expect(response.statusCode).toBe(200);
    expect(await companiesWithEmail(db, email)).toEqual([
      expect.objectContaining({
        email,
        company_name: 'Acme Data',
        contact_name: null,
        stage: 'email',
      }),
    ]);
  });

  it('POST /api/companies/submit stores the full request', async () => {
    const { app, db } = current();
    const email = uniqueEmail('hr');
    const response = await postJson(
      app,
      '/api/companies/submit',
      validBodies.companyRequest(email),
    );
    expect(response.statusCode).toBe(200);
    expect(await companiesWithEmail(db, email)).toEqual([
      expect.objectContaining({
        company_name: 'Acme Data',
        contact_name: 'Grace Hopper',
        title: 'Head of Operations',
        company_size: 'midsize',
        talent_needs: 'Ten technicians for a new hall.',
        timeline: 'soon',
        comments: 'Night shifts too.',
        stage: 'request',
      }),
    ]);
  });

  it('keeps the phone a company may give for the call /hiring promises, and asks none', async () => {
    const { app, db } = current();
    const [email, without] = [uniqueEmail('hr'), uniqueEmail('hr')];
    const body = { ...validBodies.companyRequest(email), phone: ' +1 555 0142 ' };
    expect((await postJson(app, '/api/companies/submit', body)).statusCode).toBe(200);
    expect(
      (await postJson(app, '/api/companies/submit', validBodies.companyRequest(without)))
        .statusCode,
    ).toBe(200);
    expect(await companiesWithEmail(db, email)).toEqual([
      expect.objectContaining({ contact_name: 'Grace Hopper', phone: '+1 555 0142' }),
    ]);
    expect(await companiesWithEmail(db, without)).toEqual([
      expect.objectContaining({ phone: null }),
    ]);
  });

  it.each(invalidCases)(
    'POST /api/companies/%s with a bad %s says exactly its message and stores nothing',
    async (endpoint, body, field, value, message) => {
      const { app, db } = current();
      const before = await leadCount(db);
      const response = await postJson(app, `/api/companies/${endpoint}`, {
        ...body(uniqueEmail()),
        [field]: value,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: INVALID, fields: { [field]: message } });
      expect(await leadCount(db)).toBe(before);
    },
  );

  it.each([
    // /hiring sizes and timelines, then the contact page's.
    ['startup', 'immediate'],
    ['small', 'soon'],
    ['midsize', 'planning'],
    ['large', 'ongoing'],
    ['enterprise', '1-3months'],
    ['startup', '3-6months'],
    ['small', '6-12months'],
    ['large', 'exploring'],
  ])('accepts company size %s with timeline %s', async (companySize, timeline) => {
    const response = await postJson(current().app, '/api/companies/submit', {
      ...validBodies.companyRequest(uniqueEmail()),
      companySize,
      timeline,
    });
    expect(response.statusCode).toBe(200);
  });

  it('moves one record per e-mail (any case) from e-mail lead to full request, never back', async () => {
    const { app, db } = current();
    const email = uniqueEmail('Ops');
    const lead = await postJson(app, '/api/companies/email', {
      ...validBodies.companyEmail(email),
      attribution: { page: '/companies', utmSource: 'linkedin' },
    });
    expect(lead.statusCode).toBe(200);
    const request = await postJson(app, '/api/companies/submit', {
      ...validBodies.companyRequest(email.toUpperCase()),
      comments: undefined,
      attribution: { page: '/hiring', utmSource: 'other', utmMedium: 'social' },
    });
    expect(request.statusCode).toBe(200);
    expect(request.json()).toEqual(lead.json());
    const again = await postJson(app, '/api/companies/email', validBodies.companyEmail(email));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(lead.json());

    const rows = await companiesWithEmail(db, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      stage: 'request',
      contact_name: 'Grace Hopper',
      comments: null,
      // The first touch whole: no medium from the later visit.
      source_page: '/companies',
      utm_source: 'linkedin',
      utm_medium: null,
    });
  });

  it('answers a retried request exactly as the first, without a duplicate', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const body = validBodies.companyRequest(email);
    const first = await postJson(app, '/api/companies/submit', body);
    const second = await postJson(app, '/api/companies/submit', body);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(await companiesWithEmail(db, email)).toHaveLength(1);
  });
});
