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

  it("a submission's event id goes to the pixel as eventID (the server's event_id)", () => {
    const eventId = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
    expect(formLead('candidate_basic_info', eventId)).toEqual([
      'track',
      'Lead',
      { content_name: 'candidate_basic_info', content_category: 'candidate' },
      { eventID: eventId },
    ]);
    const [tracker, lead] = emailCaptureEvents('free_training', eventId);
    expect(tracker).toHaveLength(3);
    expect(lead?.[3]).toEqual({ eventID: eventId });
  });
});
