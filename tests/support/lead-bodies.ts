/** Valid request bodies of every lead endpoint, for an e-mail of the test's choosing. */
export const validBodies = {
  candidateEmail: (email: string) => ({ email }),
  candidateBasicInfo: (email: string) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    phone: '555-0100',
  }),
  candidateApplication: (email: string) => ({
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '555-0100',
    location: 'Austin, TX',
    educationLevel: 'some-college',
    techExperience: 'some-hardware',
    reason: 'I like building things.',
  }),
  typeformCompleted: (email: string) => ({ email }),
  questionnaire: (email: string) => ({
    email,
    availability: 'within-month',
    fullTime: 'yes',
    relocation: 'depends',
    location: 'Phoenix, AZ',
    motivation: 'I want a stable job in a growing field.',
  }),
  companyEmail: (email: string) => ({ email, company: 'Acme Data' }),
  companyRequest: (email: string) => ({
    email,
    name: 'Grace Hopper',
    title: 'Head of Operations',
    company: 'Acme Data',
    companySize: 'midsize',
    talentNeeds: 'Ten technicians for a new hall.',
    timeline: 'soon',
    comments: 'Night shifts too.',
  }),
};

/** Every public lead endpoint with a valid body builder. */
export const leadEndpoints = [
  { url: '/api/candidates/email', body: validBodies.candidateEmail },
  { url: '/api/candidates/basic-info', body: validBodies.candidateBasicInfo },
  { url: '/api/candidates/submit', body: validBodies.candidateApplication },
  { url: '/api/candidates/typeform-completed', body: validBodies.typeformCompleted },
  { url: '/api/candidates/questionnaire', body: validBodies.questionnaire },
  { url: '/api/companies/email', body: validBodies.companyEmail },
  { url: '/api/companies/submit', body: validBodies.companyRequest },
] as const;
