import { describe, expect, it } from 'vitest';
import { emailCaptureEvents, formLead } from './lead-events';

describe('lead events (spec section 7)', () => {
  it.each([
    ['free_training', 'a'],
    ['high_salary', 'b'],
  ] as const)(
    'e-mail capture on %s: the form-submission tracker, then the Lead of landing %s',
    (variant, landing) => {
      expect(emailCaptureEvents(variant)).toEqual([
        [
          'trackCustom',
          'FormSubmission',
          { form_name: `candidate_landing_${landing}`, form_type: 'email_submission' },
        ],
        [
          'track',
          'Lead',
          {
            content_name: `candidate_email_landing_${landing}`,
            content_category: 'email_capture',
            landing_page: variant,
          },
        ],
      ]);
    },
  );

  it('form Leads name the form and its audience, nothing personal', () => {
    expect(formLead('candidate_application')).toEqual([
      'track',
      'Lead',
      { content_name: 'candidate_application', content_category: 'candidate' },
    ]);
    expect(formLead('company_request')).toEqual([
      'track',
      'Lead',
      { content_name: 'company_request', content_category: 'company' },
    ]);
  });
});
