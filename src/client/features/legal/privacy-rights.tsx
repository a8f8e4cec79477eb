import { Link } from 'react-router';
import { EmailLink } from '../../components/ui/email-link';
import type { LegalSection } from './legal-document';

export const DO_NOT_SELL = 'Do Not Sell or Share My Personal Information';

/** The privacy policy's last sections (security, retention, rights, changes, contact). */
export const privacyRightsSections: readonly LegalSection[] = [
  {
    id: 'data-security',
    title: 'Data Security',
    body: [
      'We protect personal information with administrative, technical and physical safeguards appropriate to its sensitivity, including encrypted (HTTPS) connections, access to applicant and company records limited to the staff who need it, and service providers bound by confidentiality and security obligations. No method of transmission or storage is completely secure, so we cannot guarantee absolute security. If we learn of a breach that affects your personal information, we will notify you as the law requires.',
    ],
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    body: [
      'We keep personal information only as long as we need it for the purposes above:',
      {
        list: [
          'your application or company enquiry is one record under your e-mail address: the details you gave, each form you sent with the page and campaign it came from, the status of your application and our staff’s notes about it;',
          'an application or enquiry that you have not updated by sending a form for 24 months is erased automatically, together with its form history, our notes and any notification about it not yet sent; our systems check for such records every day, and forms held back by our spam filter are erased on the same schedule;',
          'the copy of your details in a notification to our staff or in an event for Meta (see section 5) is deleted as soon as it has been delivered;',
          'for visit counting we keep only daily totals, and the daily key is deleted at the end of each day;',
          'session storage used by the forms is deleted when you close the browser tab, and our cookies expire after the times given in section 5;',
          'advertising data received by Meta is kept for the periods Meta sets.',
        ],
      },
      'You may ask us to delete your information sooner, as described in section 8: it is then erased everywhere at once.',
    ],
  },
  {
    id: 'your-legal-rights',
    title: 'Your Legal Rights',
    body: [
      'Depending on where you live, you may have the right to ask us for access to the personal information we hold about you, to correct it, to delete it, or to receive a copy of it in a portable format, and to object to or restrict some uses of it.',
      { part: 'California residents' },
      'Under the California Consumer Privacy Act, as amended by the California Privacy Rights Act (together, the “CCPA”), California residents have the right to:',
      {
        list: [
          'know what personal information we collect, use and disclose, and where it comes from;',
          'delete personal information we collected from them, subject to legal exceptions;',
          'correct inaccurate personal information;',
          'opt out of the sale or sharing of their personal information;',
          'not be discriminated against for exercising any of these rights.',
        ],
      },
      'The categories of personal information we collect are listed in section 2, their sources in section 3 and our purposes in section 4. We do not sell personal information for money. Our use of the Meta Pixel may, however, count as “sharing” personal information for cross-context behavioral advertising under the CCPA.',
      { part: `${DO_NOT_SELL}`, id: 'do-not-sell-or-share' },
      <>
        To opt out of the sale or sharing of your personal information, use the “{DO_NOT_SELL}” link
        at the bottom of any page: it turns the Meta Pixel off for that browser at once and
        remembers the choice (section 5). You can also e-mail <EmailLink subject={DO_NOT_SELL} />{' '}
        with the subject “{DO_NOT_SELL}”. We treat a Global Privacy Control signal sent by your
        browser as a valid opt-out request for that browser.
      </>,
      { part: 'What we do when you ask' },
      {
        list: [
          [
            'Access and portability:',
            'we send you, as a machine-readable JSON file, everything our systems hold under your e-mail address: your application or enquiry, every form you sent, forms held back by our spam filter, our staff’s notes and status changes, the entries of our staff’s activity log that concern you, and notifications and Meta events about you that are waiting to be sent or were sent.',
          ],
          [
            'Deletion:',
            'we erase all of that at once. Notifications and Meta events about you that have not been sent yet are cancelled. Our activity log keeps only the fact that an erasure took place and when, never your e-mail address. Information that had already reached Meta or our staff’s mailboxes is governed by section 5 and by the periods Meta sets.',
          ],
          [
            'Correction:',
            'change your details on your status page, send the form again with the right details, or tell us what is wrong.',
          ],
        ],
      },
      'Our activity log records each access request under a code derived from your e-mail address that cannot be turned back into it, so we can show that we answered you without keeping the address itself; those entries are deleted too when you ask us to delete your information.',
      { part: 'How to make a request' },
      <>
        The quickest way is your <Link to="/status">status page</Link>: open it from the link in any
        of our e-mails, or ask there for a new link, to see, correct, download or erase your
        information at once. To exercise any other right, e-mail{' '}
        <EmailLink subject="Privacy request" />. We will confirm receipt within 10 business days and
        answer within 45 days. We will ask you to confirm your identity, usually by replying from
        the e-mail address you gave us, before we act on a request. You may use an authorized agent
        to make a request on your behalf.
      </>,
    ],
  },
  {
    id: 'changes-to-this-policy',
    title: 'Changes to This Policy',
    body: [
      'We may update this Privacy Policy as the Site and the Program change or as the law requires. We will post the new version on this page and change its effective date. If we make a material change to how we use personal information, we will also tell you by e-mail or by a notice on the Site before the change takes effect.',
    ],
  },
  {
    id: 'contact-us',
    title: 'Contact Us',
    body: [
      <>
        If you have a question about this Privacy Policy or how we handle your personal information,
        or want to exercise your rights, e-mail us at <EmailLink /> or use our{' '}
        <Link to="/contact">contact page</Link>.
      </>,
      <>
        Our <Link to="/terms">Terms of Service</Link> explain the rules for using the Site and
        taking part in the Program.
      </>,
    ],
  },
];
