// The lead vocabulary of server and dashboard: forms, stages, quarantine reasons.

/** The public forms, by what they capture (src/server/leads/capture names each step's form). */
export const leadForms = [
  'candidate-email',
  'candidate-basic-info',
  'candidate-application',
  'typeform-completed',
  'questionnaire',
  'company-email',
  'company-request',
] as const;
export type LeadForm = (typeof leadForms)[number];

/** A lead's history (lead_submissions) also keeps the person's corrections on /status. */
export const STATUS_PAGE_FORM = 'status-page';
export type SubmissionForm = LeadForm | typeof STATUS_PAGE_FORM;

/** Each form by what it asked, as the admin's detail and quarantine name it. */
const formNames: Record<SubmissionForm, string> = {
  'candidate-email': 'E-mail form',
  'candidate-basic-info': 'Name and phone form',
  'candidate-application': 'Application form',
  'typeform-completed': 'Questionnaire completed',
  questionnaire: 'Questionnaire answers',
  'company-email': 'Company e-mail form',
  'company-request': 'Talent request form',
  'status-page': 'Correction on the status page',
};
export const formName = (form: string) => formNames[form as SubmissionForm] ?? form;

/** Candidate lead stages, in the order a candidate moves through them (spec section 4). */
export const candidateStages = ['email', 'questionnaire', 'application'] as const;
export type CandidateStage = (typeof candidateStages)[number];

/** Company lead stages: the /companies e-mail lead, then the full /hiring request. */
export const companyStages = ['email', 'request'] as const;
export type CompanyStage = (typeof companyStages)[number];

export const quarantineReasons = [
  'honeypot',
  'too_fast',
  'no_form_token',
  'forged_form_token',
  'bot_user_agent',
  'altcha',
  'rate',
] as const;
export type QuarantineReason = (typeof quarantineReasons)[number];
