import { Link } from 'react-router';
import { claims } from '@shared/claims';
import { EmailLink } from '../../components/ui/email-link';
import { brand, LegalDocument, type LegalSection } from './legal-document';

const sections: readonly LegalSection[] = [
  {
    id: 'our-services',
    title: 'Our Services',
    body: [
      'We provide two services:',
      {
        list: [
          [
            'For candidates:',
            `a ${claims.trainingWeeks}-week training program, about ${claims.trainingMonthsLabel} long, that prepares people with no prior experience or degree for work as AI data center technicians. It combines online learning with in-person labs and includes career coaching and mentoring. The training is free to candidates because it is paid for by our employer partners. Participants are not paid for the time they spend in training.`,
          ],
          [
            'For companies:',
            'access to pre-trained technicians and, where agreed, training tailored to a company’s equipment and processes. The services we provide to a company are set out in a separate written agreement, which prevails over these Terms where they differ.',
          ],
        ],
      },
      'We may change, suspend or end any part of the Site or the Program, including cohort dates, locations and curriculum, at any time.',
    ],
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: [
      <>
        You do not need an account to browse the Site or to apply. If we give you access to a
        learning platform or another account during the Program, you must keep your login details
        confidential, must not share your account with anyone, and are responsible for everything
        done with it. Tell us at once at <EmailLink /> if you think someone else has used your
        account.
      </>,
      'The information you give us, in forms or in an account, must be accurate, current and your own. We may suspend or close an account that is misused or that breaks these Terms.',
    ],
  },
  {
    id: 'application-process',
    title: 'Application Process',
    body: [
      'Applying to the Program is free. Our application may include a short form, a questionnaire and one or more conversations with our team, and the employer partners who sponsor a cohort may take part in selection.',
      <>
        <strong>Submitting an application does not guarantee acceptance into the Program.</strong>{' '}
        Places in each cohort are limited, and we decide whom to admit at our discretion, based on
        factors such as availability, location, motivation and the needs of our employer partners.
        We are not required to explain a decision. We may withdraw an offer if the information in an
        application turns out to be inaccurate or incomplete.
      </>,
    ],
  },
  {
    id: 'program-participation',
    title: 'Program Participation and Dismissal',
    body: [
      'As a participant you agree to:',
      {
        list: [
          'attend the scheduled online sessions and in-person labs and complete assignments;',
          'follow the safety rules and instructions given in labs and at any data center you visit, and the policies of our employer partners when you are on their premises;',
          'treat instructors, mentors, partners and other participants with respect, and keep confidential any non-public information about our partners’ facilities you see during training.',
        ],
      },
      'We may dismiss a participant from the Program, after a warning where appropriate, for repeated unexcused absence, failure to make reasonable progress, unsafe conduct, harassment, dishonesty, or any other serious or repeated breach of these Terms. You may leave the Program at any time by telling us. Because the training is free, leaving or being dismissed does not create any charge for you.',
    ],
  },
  {
    id: 'job-placement',
    title: 'Job Placement',
    body: [
      'We work to place every graduate with one of our employer partners: we introduce graduates to partners who are hiring, help them prepare for interviews and support them as they start work.',
      <>
        <strong>However, we cannot guarantee employment.</strong> Hiring decisions, including
        whether to make an offer and the role, salary, location and other terms of any job, are made
        by the employer alone, and depend on factors we do not control, such as the employer’s
        needs, the interview, background checks and the right to work. Any salary figures on the
        Site describe typical roles and past outcomes, not a promise of what you will earn. Any
        employment relationship is between you and the employer.
      </>,
    ],
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: [
      `The Site, the Program’s training materials, and the ${brand} name and logo belong to ${brand} or its licensors and are protected by intellectual property laws. We give you a personal, non-transferable permission to view the Site and to use the training materials for your own learning while you take part in the Program. You may not copy, distribute, sell, or create works based on them, or use our name or logo, without our written permission.`,
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: [
      <>
        Our <Link to="/privacy">Privacy Policy</Link> explains what personal information we collect
        through the Site and the Program, how we use and share it, including with employer partners,
        and the rights you have. It forms part of these Terms.
      </>,
    ],
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    body: [
      'The Site and its content are provided “as is” and “as available”. To the fullest extent permitted by law, we make no warranties, express or implied, about the Site or the Program, including that they will meet your needs or lead to any particular outcome.',
      `To the fullest extent permitted by law, ${brand} will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of earnings, opportunities or data, arising from your use of the Site or participation in the Program. Our total liability for any claim relating to the Site or the Program is limited to one hundred US dollars (US$100). Nothing in these Terms limits liability that cannot be limited by law, such as liability for fraud or for injury caused by our negligence.`,
    ],
  },
  {
    id: 'changes-to-these-terms',
    title: 'Changes to These Terms',
    body: [
      `We may update these Terms from time to time. We will post the new version on this page and change its effective date. For material changes, we will give at least ${claims.materialChangeNoticeDays} days’ notice, by e-mail to participants and applicants we are in contact with and by a notice on the Site, before the changes take effect. If you keep using the Site or taking part in the Program after that, you accept the updated Terms.`,
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: [
      `These Terms are governed by the laws of the State of ${claims.governingLaw}, without regard to its conflict-of-law rules. Any dispute arising from these Terms, the Site or the Program will be heard by the state or federal courts located in ${claims.governingLaw}, and you and we consent to their jurisdiction.`,
    ],
  },
  {
    id: 'contact-us',
    title: 'Contact Us',
    body: [
      <>
        If you have a question about these Terms, e-mail us at <EmailLink /> or use our{' '}
        <Link to="/contact">contact page</Link>.
      </>,
    ],
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary="Please read these Terms carefully. They explain the rules for using our website and for applying to and taking part in our training program, including that admission and job placement are not guaranteed."
      introduction={[
        `These Terms of Service (the “Terms”) govern your use of the ${brand} website (the “Site”) and your participation in the ${brand} AI data center technician training program (the “Program”). “${brand}”, “we”, “us” and “our” mean the operator of the Site and the Program; “you” means the person using the Site or applying to or taking part in the Program, or the company on whose behalf you act.`,
        'By using the Site, submitting a form or taking part in the Program, you agree to these Terms. If you do not agree, please do not use the Site.',
      ]}
      sections={sections}
    />
  );
}
