// The lead vocabulary of server and dashboard: forms, stages, quarantine reasons.

/** Each form by what it asked, as the admin's detail and quarantine name it: the public forms, by
    what they capture (src/server/leads/capture names each step's form), then /status's. */
const formNames = {
  'candidate-email': 'E-mail form',
  'candidate-basic-info': 'Name and phone form',
  'candidate-application': 'Application form',
  'typeform-completed': 'Questionnaire completed',
  questionnaire: 'Questionnaire answers',
  'company-email': 'Company e-mail form',
  'company-request': 'Talent request form',
  'status-page': 'Correction on the status page',
};
/** A lead's history (lead_submissions) also keeps the person's corrections on /status. */
export const STATUS_PAGE_FORM = 'status-page';
export type SubmissionForm = keyof typeof formNames;
export type LeadForm = Exclude<SubmissionForm, typeof STATUS_PAGE_FORM>;
export const leadForms = Object.keys(formNames).filter(
  (form): form is LeadForm => form !== STATUS_PAGE_FORM,
);
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
