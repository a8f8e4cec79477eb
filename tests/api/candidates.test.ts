import { expect, it } from 'vitest';
import {
  INVALID,
  candidatesWithEmail,
  companiesWithEmail,
  leadCount,
  postJson,
} from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

const EMAIL = 'Please enter a valid email address';
const long = (n: number) => 'x'.repeat(n);

/** [endpoint, body builder, field, bad value, exact message]; undefined means "left out". */
const invalidCases: [string, (email: string) => object, string, unknown, string][] = [
  ['email', validBodies.candidateEmail, 'email', 'not-an-email', EMAIL],
  ['email', validBodies.candidateEmail, 'email', undefined, EMAIL],
  ['email', validBodies.candidateEmail, 'email', `${long(250)}@example.com`, EMAIL],
  ['basic-info', validBodies.candidateBasicInfo, 'firstName', '', 'First name is required'],
  ['basic-info', validBodies.candidateBasicInfo, 'firstName', '   ', 'First name is required'],
  ['basic-info', validBodies.candidateBasicInfo, 'lastName', undefined, 'Last name is required'],
  ['basic-info', validBodies.candidateBasicInfo, 'email', 'ada@', EMAIL],
  [
    'basic-info',
    validBodies.candidateBasicInfo,
    'firstName',
    long(201),
    'Please keep this under 200 characters',
  ],
  [
    'basic-info',
    validBodies.candidateBasicInfo,
    'phone',
    long(41),
    'Please keep this under 40 characters',
  ],
  ['submit', validBodies.candidateApplication, 'email', 'a b@c.de', EMAIL],
  ['submit', validBodies.candidateApplication, 'firstName', '', 'First name is required'],
  ['submit', validBodies.candidateApplication, 'lastName', '', 'Last name is required'],
  ['submit', validBodies.candidateApplication, 'location', ' ', 'Location is required'],
  [
    'submit',
    validBodies.candidateApplication,
    'educationLevel',
    'phd',
    'Please select an education level',
  ],
  [
    'submit',
    validBodies.candidateApplication,
    'educationLevel',
    undefined,
    'Please select an education level',
  ],
  [
    'submit',
    validBodies.candidateApplication,
    'techExperience',
    'guru',
    'Please select your experience level',
  ],
  [
    'submit',
    validBodies.candidateApplication,
    'reason',
    long(4001),
    'Please keep this under 4000 characters',
  ],
  ['typeform-completed', validBodies.typeformCompleted, 'email', 'nope', EMAIL],
  [
    'questionnaire',
    validBodies.questionnaire,
    'availability',
    'someday',
    'Please tell us when you could start',
  ],
  [
    'questionnaire',
    validBodies.questionnaire,
    'fullTime',
    'maybe',
    'Please tell us whether you can train full time',
  ],
  [
    'questionnaire',
    validBodies.questionnaire,
    'relocation',
    undefined,
    'Please tell us whether you could relocate',
  ],
  ['questionnaire', validBodies.questionnaire, 'location', 'X', 'Location is required'],
  [
    'questionnaire',
    validBodies.questionnaire,
    'motivation',
    'short',
    'Please tell us a little more (at least 10 characters)',
  ],
  ['questionnaire', validBodies.questionnaire, 'email', '', EMAIL],
];

describeEachDatabase('candidate endpoints', (current) => {
  it('POST /api/candidates/email creates an e-mail-only lead', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const response = await postJson(app, '/api/candidates/email', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const [row] = await candidatesWithEmail(db, email);
    expect(row).toMatchObject({
      email,
      stage: 'email',
      first_name: null,
      last_name: null,
      questionnaire_completed: 0,
      is_questionnaire_candidate: 0,
    });
    expect(row?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row?.updated_at).toBe(row?.created_at);
  });

  it('POST /api/candidates/basic-info creates a questionnaire lead, not yet completed', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const response = await postJson(app, '/api/candidates/basic-info', {
      ...validBodies.candidateBasicInfo(email),
      phone: undefined,
    });
    expect(response.statusCode).toBe(200);
    expect(await candidatesWithEmail(db, email)).toEqual([
      expect.objectContaining({
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: null,
        stage: 'questionnaire',
        is_questionnaire_candidate: 1,
        questionnaire_completed: 0,
      }),
    ]);
  });

  it('POST /api/candidates/submit stores the full application, trimmed', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const response = await postJson(app, '/api/candidates/submit', {
      ...validBodies.candidateApplication(`  ${email} `),
      firstName: '  Ada ',
    });
    expect(response.statusCode).toBe(200);
    expect(await candidatesWithEmail(db, email)).toEqual([
      expect.objectContaining({
        email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '555-0100',
        location: 'Austin, TX',
        education_level: 'some-college',
        tech_experience: 'some-hardware',
        reason: 'I like building things.',
        stage: 'application',
        is_questionnaire_candidate: 0,
        questionnaire_completed: 0,
      }),
    ]);
  });

  it('POST /api/candidates/typeform-completed for an unknown e-mail creates a completed lead', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const response = await postJson(app, '/api/candidates/typeform-completed', { email });
    expect(response.statusCode).toBe(200);
    expect(await candidatesWithEmail(db, email)).toEqual([
      expect.objectContaining({
        stage: 'questionnaire',
        is_questionnaire_candidate: 1,
        questionnaire_completed: 1,
      }),
    ]);
  });

  it('POST /api/candidates/questionnaire stores the answers on the candidate', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const basic = await postJson(app, '/api/candidates/basic-info', {
      ...validBodies.candidateBasicInfo(email),
    });
    const response = await postJson(app, '/api/candidates/questionnaire', {
      ...validBodies.questionnaire(email.toUpperCase()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(basic.json());
    expect(await candidatesWithEmail(db, email)).toEqual([
      expect.objectContaining({
        first_name: 'Ada',
        availability: 'within-month',
        full_time: 'yes',
        relocation: 'depends',
        questionnaire_location: 'Phoenix, AZ',
        motivation: 'I want a stable job in a growing field.',
        stage: 'questionnaire',
        is_questionnaire_candidate: 1,
        questionnaire_completed: 1,
      }),
    ]);
  });

  it('POST /api/candidates/questionnaire for an unknown e-mail creates the candidate', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const response = await postJson(app, '/api/candidates/questionnaire', {
      ...validBodies.questionnaire(email),
    });
    expect(response.statusCode).toBe(200);
    const rows = await candidatesWithEmail(db, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.motivation).toBe('I want a stable job in a growing field.');
  });

  it.each(invalidCases)(
    'POST /api/candidates/%s with a bad %s says exactly its message and stores nothing',
    async (endpoint, body, field, value, message) => {
      const { app, db } = current();
      const before = await leadCount(db);
      const response = await postJson(app, `/api/candidates/${endpoint}`, {
        ...body(uniqueEmail()),
        [field]: value,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: INVALID, fields: { [field]: message } });
      expect(await leadCount(db)).toBe(before);
    },
  );

  it('lists the first message of every bad field at once', async () => {
    const response = await postJson(current().app, '/api/candidates/submit', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: INVALID,
      fields: {
        email: EMAIL,
        firstName: 'First name is required',
        lastName: 'Last name is required',
        location: 'Location is required',
        educationLevel: 'Please select an education level',
        techExperience: 'Please select your experience level',
      },
    });
  });

  it('accepts every education level and experience level of the spec', async () => {
    const { app } = current();
    const education = ['high-school', 'some-college', 'associate', 'bachelor', 'military', 'other'];
    const experience = ['none', 'basic', 'some-hardware', 'related', 'professional'];
    for (const [index, educationLevel] of education.entries()) {
      const techExperience = experience[index % experience.length];
      const response = await postJson(app, '/api/candidates/submit', {
        ...validBodies.candidateApplication(uniqueEmail()),
        educationLevel,
        techExperience,
      });
      expect(response.statusCode, `${educationLevel}/${techExperience}`).toBe(200);
    }
    const response = await postJson(app, '/api/candidates/submit', {
      ...validBodies.candidateApplication(uniqueEmail()),
      techExperience: 'professional',
    });
    expect(response.statusCode).toBe(200);
  });

  it('moves one record per e-mail (any case) from e-mail lead to questionnaire to application', async () => {
    const { app, db } = current();
    const email = uniqueEmail('Progress');
    const first = await postJson(app, '/api/candidates/email', { email: email.toLowerCase() });
    expect(first.statusCode).toBe(200);
    const [{ id } = { id: -1 }] = await candidatesWithEmail(db, email);

    const steps: [string, object][] = [
      ['/api/candidates/basic-info', validBodies.candidateBasicInfo(email.toUpperCase())],
      ['/api/candidates/typeform-completed', { email: ` ${email} ` }],
      ['/api/candidates/submit', validBodies.candidateApplication(email)],
      // Earlier steps re-sent afterwards neither move the stage back nor blank any field.
      ['/api/candidates/email', { email }],
      ['/api/candidates/basic-info', { ...validBodies.candidateBasicInfo(email), phone: '' }],
    ];
    const stages: string[] = [];
    for (const [url, body] of steps) {
      const response = await postJson(app, url, body);
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      stages.push((await candidatesWithEmail(db, email))[0]?.stage ?? 'missing');
    }
    expect(stages).toEqual([
      'questionnaire',
      'questionnaire',
      'application',
      'application',
      'application',
    ]);
    const rows = await candidatesWithEmail(db, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      email: email.toLowerCase(),
      first_name: 'Ada',
      phone: '555-0100',
      location: 'Austin, TX',
      is_questionnaire_candidate: 1,
      questionnaire_completed: 1,
      stage: 'application',
    });
    expect(rows[0]!.updated_at >= rows[0]!.created_at).toBe(true);
  });

  it('answers a retried request exactly as the first, without a duplicate', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const body = validBodies.candidateApplication(email);
    const first = await postJson(app, '/api/candidates/submit', body);
    const rowBefore = (await candidatesWithEmail(db, email))[0];
    const second = await postJson(app, '/api/candidates/submit', body);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    const rows = await candidatesWithEmail(db, email);
    expect(rows).toHaveLength(1);
    expect({ ...rows[0], updated_at: null }).toEqual({ ...rowBefore, updated_at: null });
  });

  it('keeps the first touch whole: a later form never mixes in its campaign', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    await postJson(app, '/api/candidates/email', {
      email,
      attribution: {
        page: '/career',
        variant: 'free_training',
        utmSource: 'google',
        utmMedium: 'cpc',
        referrer: 'https://search.example/',
        fbclid: 'IwAR2_Ab-c.D',
      },
    });
    await postJson(app, '/api/candidates/submit', {
      ...validBodies.candidateApplication(email),
      attribution: {
        page: '/apply',
        utmSource: 'facebook',
        utmCampaign: 'spring',
        utmTerm: '',
        fbclid: 'later',
      },
    });
    expect((await candidatesWithEmail(db, email))[0]).toMatchObject({
      source_page: '/career',
      landing_variant: 'free_training',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      referrer: 'https://search.example/',
      fbclid: 'IwAR2_Ab-c.D',
    });
  });

  it('keeps an organic lead organic, and gives a lead without a touch the later one whole', async () => {
    const { app, db } = current();
    const [organic, bare] = [uniqueEmail(), uniqueEmail()];
    await postJson(app, '/api/candidates/email', {
      email: organic,
      attribution: { page: '/candidates' },
    });
    await postJson(app, '/api/candidates/email', { email: bare });
    const later = { page: '/apply', utmSource: 'facebook', utmCampaign: 'spring', fbclid: 'IwAR9' };
    for (const email of [organic, bare]) {
      const body = { ...validBodies.candidateApplication(email), attribution: later };
      expect((await postJson(app, '/api/candidates/submit', body)).statusCode).toBe(200);
    }
    expect((await candidatesWithEmail(db, organic))[0]).toMatchObject({
      source_page: '/candidates',
      utm_source: null,
      utm_campaign: null,
      fbclid: null,
    });
    expect((await candidatesWithEmail(db, bare))[0]).toMatchObject({
      source_page: '/apply',
      utm_source: 'facebook',
      utm_campaign: 'spring',
      fbclid: 'IwAR9',
    });
  });

  it('still takes the lead when its attribution is malformed, dropping only the bad values', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const response = await postJson(app, '/api/candidates/email', {
      email,
      attribution: { page: '/training', variant: 'bogus', utmSource: 42 },
    });
    expect(response.statusCode).toBe(200);
    expect((await candidatesWithEmail(db, email))[0]).toMatchObject({
      source_page: '/training',
      landing_variant: null,
      utm_source: null,
    });
  });

  it('keeps candidates and companies apart for the same e-mail', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    expect((await postJson(app, '/api/candidates/email', { email })).statusCode).toBe(200);
    expect(
      (await postJson(app, '/api/companies/email', validBodies.companyEmail(email))).statusCode,
    ).toBe(200);
    expect(await candidatesWithEmail(db, email)).toHaveLength(1);
    expect(await companiesWithEmail(db, email)).toHaveLength(1);
  });
});
