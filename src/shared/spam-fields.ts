// The spam defence's field names, for the forms and the lead routes.

/** The honeypot: an input people never see nor reach; anything typed in it is a bot's. */
export const HONEYPOT_FIELD = 'website';

/** The ALTCHA widget's solution (base64 JSON), on the forms ALTCHA_FORMS names. */
export const ALTCHA_FIELD = 'altcha';

export const ALTCHA_CHALLENGE_PATH = '/api/altcha/challenge';

/** Each public endpoint's form, so a form knows from its `action` whether it has ALTCHA. */
export const formOfEndpoint: Readonly<Record<string, string>> = {
  '/api/candidates/email': 'candidate-email',
  '/api/candidates/basic-info': 'candidate-basic-info',
  '/api/candidates/submit': 'candidate-application',
  '/api/candidates/questionnaire': 'questionnaire',
  '/api/companies/email': 'company-email',
  '/api/companies/submit': 'company-request',
};
