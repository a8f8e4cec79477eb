import { describe, expect, it } from 'vitest';
import { emailCaptureEvents, formLead } from './lead-events';

describe('lead events (spec section 7)', () => {
  it('e-mail capture: the form-submission tracker, then the Lead, per landing', () => {
    expect(emailCaptureEvents('free_training')).toEqual([
      [
        'trackCustom',
        'FormSubmission',
        { form_name: 'candidate_landing_a', form_type: 'email_submission' },
      ],
      [
        'track',
        'Lead',
        {
          content_name: 'candidate_email_landing_a',
          content_category: 'email_capture',
          landing_page: 'free_training',
        },
      ],
    ]);
    expect(emailCaptureEvents('high_salary')).toEqual([
      [
        'trackCustom',
        'FormSubmission',
        { form_name: 'candidate_landing_b', form_type: 'email_submission' },
      ],
      [
        'track',
        'Lead',
        {
          content_name: 'candidate_email_landing_b',
          content_category: 'email_capture',
          landing_page: 'high_salary',
        },
      ],
    ]);
  });

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
