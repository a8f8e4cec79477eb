import { claims } from '@shared/claims';
import { brand, LegalDocument, type LegalSection } from './legal-document';
import { DO_NOT_SELL, privacyRightsSections } from './privacy-rights';

const sections: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: [
      { part: 'Information you give us' },
      {
        list: [
          [
            'Contact details:',
            'your first and last name, e-mail address and, if you choose to give it, your phone number.',
          ],
          [
            'Application details:',
            'your location, your highest level of education, your experience with technology, and, if you choose to tell us, your reason for applying.',
          ],
          [
            'Questionnaire answers:',
            'the answers you give in our application questionnaire, such as when you could start, whether you can train full time, whether you could relocate, and what motivates you.',
          ],
          [
            'Company details:',
            'if you contact us on behalf of an employer, your work e-mail address, your name and job title, the company’s name and size, its talent needs, its hiring timeline, and any comments you add.',
          ],
          ['Messages:', 'anything you write to us by e-mail or through a contact form.'],
        ],
      },
      { part: 'Information collected automatically' },
      {
        list: [
          [
            'Campaign information:',
            'the UTM parameters of the link that brought you to the Site (for example the ad campaign or newsletter) and the referring page, which we store with any form you submit.',
          ],
          [
            'Usage and device information:',
            'the pages you view, the time and length of your visit, your browser and device type, your approximate location derived from your IP address, and similar technical data, collected by our advertising pixel (see section 5).',
          ],
        ],
      },
      'We do not ask for sensitive personal information such as your Social Security number, financial account details, health information or immigration status through the Site. Please do not include it in free-text fields.',
    ],
  },
  {
    id: 'how-we-collect-information',
    title: 'How We Collect Information',
    body: [
      'We collect personal information:',
      {
        list: [
          <>
            <strong>Directly from you</strong>, when you fill in a form on the Site (such as “Get
            Started Today”, “Apply for Training”, “Request Talent Info” or a contact form), answer
            the application questionnaire, or write to us.
          </>,
          <>
            <strong>Automatically</strong>, through cookies, pixels, browser storage and similar
            technologies when you visit the Site, as described in section 5.
          </>,
          <>
            <strong>From employer partners</strong>, who may tell us about your interviews and
            hiring decisions if you take part in the Program.
          </>,
          <>
            <strong>From advertising platforms</strong>, which may tell us in aggregate how our ads
            performed.
          </>,
        ],
      },
    ],
  },
  {
    id: 'how-we-use-your-information',
    title: 'How We Use Your Information',
    body: [
      'We use personal information to:',
      {
        list: [
          'review your application and decide whether to offer you a place in the Program;',
          'contact you about your application, the Program, interviews and job opportunities;',
          'introduce candidates to employer partners and share with those partners the application details they need to consider you for a role;',
          'answer companies’ enquiries and prepare proposals for their hiring needs;',
          'run, secure and improve the Site and the Program;',
          'measure which pages, campaigns and ads bring people to the Program, and show our ads to people likely to be interested in it;',
          'comply with our legal obligations and protect our rights and those of others.',
        ],
      },
      'We share personal information only with employer partners as described above, with service providers who host the Site, store our data, send e-mail or provide analytics and advertising services on our behalf, and with authorities when the law requires it. We do not sell personal information for money.',
    ],
  },
  {
    id: 'cookies-and-tracking',
    title: 'Cookies and Tracking Technologies',
    body: [
      'The Site uses a small number of technologies that store or read data in your browser:',
      {
        list: [
          [
            'Session storage used by our forms.',
            'When you submit a form, we keep your first and last name, e-mail address and phone number (candidates) or work e-mail address and company name (companies) in your browser’s session storage so the next step of the application can be pre-filled, together with the campaign information described in section 2 (the UTM parameters and referring page of your first page in the visit) and whether you completed the questionnaire. Session storage stays on your device and is deleted when you close the browser tab.',
          ],
          <>
            <strong>Your tracking choice (local storage).</strong> When you use the “{DO_NOT_SELL}”
            link, or answer our cookie banner, we remember your choice in your browser’s local
            storage under the name <code>trackingConsent</code>, so we can respect it on your next
            visit. It contains only “granted” or “denied” and stays until you clear your browser
            data.
          </>,
          <>
            <strong>Our own cookies.</strong> The Site sets only first-party cookies, none of them
            for analytics and only <code>tb_landing</code> about advertising:{' '}
            <code>tb_form_time</code>, set when you open a page, holds the time of your first page
            and a signature, so our spam filter can tell a person’s form from a script’s (kept 7
            days, never read by any script); <code>tb_landing</code>, set when you open a page from
            a link with campaign information, holds that information (described in section 2, with
            Meta’s click id if the link had one) so that a form you send with JavaScript turned off
            keeps it, as session storage does otherwise (sent only with requests to our server’s
            interface, never read by any script, 1 day); <code>tb_form</code> and{' '}
            <code>tb_prefill</code>, set only when you send a form with JavaScript turned off, carry
            the form’s messages (a random code, 10 minutes) and the details the next step pre-fills
            (the same ones described above, 30 minutes) to the next page; <code>tb_lead</code>, set
            when a form you send starts your application or enquiry, names it (signed, nothing you
            typed) so this browser may continue it (180 days); <code>tb_mailbox</code>, set when you
            open the link to your status page that we e-mailed you, a random code that lets this
            browser show and change your details there (24 hours); and <code>tb_admin_session</code>{' '}
            and <code>tb_admin_pending</code>, set only for our staff when they sign in to the
            administration area (at most 12 hours).
          </>,
          [
            'Visit counting (our own, no cookies).',
            'We do not use a separate analytics service or analytics cookies. To learn how many people visit each page and which ads bring them, each page you open tells our own server its address and, if you arrived from an ad, the campaign names in the link (the UTM source and campaign). Our server turns your IP address and browser details into a code that cannot be turned back, using a random key that changes every day and is then deleted, so we can count you once a day without knowing who you are or linking one day to the next. We never store your IP address or browser details for this, and we keep only daily totals.',
          ],
          <>
            <strong>Advertising pixel (Meta Pixel).</strong> We use the Meta Pixel, provided by Meta
            Platforms, Inc. When it is active, your browser loads Meta’s script from
            connect.facebook.net, and Meta may set its own <code>_fbp</code> cookie to recognise
            your browser. The pixel receives these events, with the address of the page, your
            browser’s details and your IP address: a page view and a content view for every page you
            open; a content view shortly after you open the home page and when you open our
            high-salary training page; and, after you successfully submit a form, a lead event
            naming the form (for the e-mail forms of our training pages, also a form-submission
            event). The pixel never receives your name, e-mail address, phone number or anything
            else you type into a form. When the pixel is allowed and you send a form, our server may
            also tell Meta of that event, and later of your application’s progress or a booked call,
            through Meta’s Conversions API: with your e-mail address, phone number and name in
            hashed form (scrambled, so Meta can only match them to people it already knows), your IP
            address and browser details. Meta uses this information, with cookies and information it
            already holds, to measure our ads and show them to people likely to be interested in the
            Program. Meta’s use of this data is governed by its own privacy policy.
          </>,
        ],
      },
      { part: 'Your choices' },
      {
        list: [
          [
            'Global Privacy Control.',
            'If your browser sends a Global Privacy Control signal, the Meta Pixel never loads, nothing is sent to Meta, and your visits are not counted.',
          ],
          [
            'Opting out.',
            `The “${DO_NOT_SELL}” link at the bottom of every page turns the Meta Pixel and our visit counting off for your browser at once, and for later visits (see section 8).`,
          ],
          [
            'Consent banner.',
            'Where the law requires your consent first, for example for visitors in the European Union, the Site shows a banner instead and loads the Meta Pixel only after you choose “Accept”; “Decline” keeps it off. You can change your answer at any time with the “Cookie settings” link at the bottom of every page.',
          ],
        ],
      },
      'You can also block or delete cookies in your browser settings, and adjust your ad preferences in your Meta account. The Site works fully without cookies and without the pixel, although we may then be unable to measure our campaigns.',
    ],
  },
  ...privacyRightsSections,
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary="In short: we collect the information you give us in our forms and some information about your visit, we use it to run the Program and connect candidates with employers, we share it only as described below, and you can ask us to see, correct or delete it at any time."
      introduction={[
        `${brand} (“${brand}”, “we”, “us” or “our”) runs a free ${claims.trainingWeeks}-week program that trains people with no prior experience as AI data center technicians and introduces them to the employers who sponsor the training (the “Program”). This Privacy Policy explains what personal information we collect through this website (the “Site”) and in connection with the Program, how we use and share it, how long we keep it, and the choices and rights you have.`,
        'It applies to candidates who apply for the Program, to people who contact us on behalf of a company, and to anyone who visits the Site. By using the Site or submitting a form, you acknowledge that your information will be handled as described here.',
      ]}
      sections={sections}
    />
  );
}
