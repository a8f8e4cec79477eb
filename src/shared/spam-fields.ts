/*
 * What a public form sends beside the spec's payload for the spam defence (decision 095).
 * Both sides use these names: the form renders them, the lead routes read them.
 */

/** The honeypot: an input people never see nor reach; anything typed in it is a bot's. */
export const HONEYPOT_FIELD = 'website';

/** The ALTCHA widget's solution (base64 JSON), on the forms ALTCHA_FORMS names. */
export const ALTCHA_FIELD = 'altcha';

/** Where the ALTCHA widget fetches a fresh challenge. */
export const ALTCHA_CHALLENGE_PATH = '/api/altcha/challenge';

/**
 * The form each public endpoint serves (LeadForm on the server), so a form can tell from its
 * `action` whether ALTCHA_FORMS names it. typeform-completed has no form of its own.
 */
export const formOfEndpoint: Readonly<Record<string, string>> = {
  '/api/candidates/email': 'candidate-email',
  '/api/candidates/basic-info': 'candidate-basic-info',
  '/api/candidates/submit': 'candidate-application',
  '/api/candidates/questionnaire': 'questionnaire',
  '/api/companies/email': 'company-email',
  '/api/companies/submit': 'company-request',
};
