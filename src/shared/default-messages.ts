import { claims } from './claims';
import type { CandidateStatus, CompanyStatus, LeadKind } from './lead-status';

/* The message each status sends until the team saves its own; `new` and `withdrawn` send none.
   No brand name: it is configured, and templates have no placeholder for it. */

interface DefaultMessage {
  subject: string;
  body: string;
}

const signOff = 'Questions? Just reply, or write to {supportEmail}.\n\nThe recruiting team';

const candidate: Partial<Record<CandidateStatus, DefaultMessage>> = {
  contacted: {
    subject: 'Thanks for applying',
    body: `Hello,\n\nThanks for applying to our free ${claims.trainingWeeks}-week training. We'd like to get to know you and will be in touch shortly to find a time to talk.\n\nSee where you stand: {statusLink}\n\n${signOff}`,
  },
  qualified: {
    subject: "Good news: you're a fit for the training",
    body: `Hi {firstName},\n\nGood news: you're a fit for our ${claims.trainingWeeks}-week training. It costs you nothing (employers pay for it), and we'll be in touch about the next cohort's start date.\n\nSee where you stand: {statusLink}\n\n${signOff}`,
  },
  enrolled: {
    subject: "Welcome aboard: you're enrolled",
    body: `Hi {firstName},\n\nYou're enrolled in the ${claims.trainingWeeks}-week training. Expect online learning, in-person labs, a career coach and mentors, and then a full-time role with one of our partner companies.\n\nSee where you stand: {statusLink}\n\n${signOff}`,
  },
  placed: {
    subject: 'Congratulations on your new role',
    body: `Hi {firstName},\n\nCongratulations on your placement! We're proud of the work you put in, and we're still here if you need anything as you settle in.\n\n${signOff}`,
  },
  not_a_fit: {
    subject: 'About your application',
    body: `Hello,\n\nThank you for your interest in our training. We can't offer you a place this time. We know that's disappointing, and we wish you all the best.\n\n${signOff}`,
  },
};

const company: Partial<Record<CompanyStatus, DefaultMessage>> = {
  contacted: {
    subject: 'Thanks for reaching out',
    body: `Hello,\n\nThanks for your interest in hiring through us. We'll be in touch shortly to hear what {company} needs.\n\nSee where things stand: {statusLink}\n\n${signOff}`,
  },
  in_discussion: {
    subject: 'Next steps for {company}',
    body: `Hello,\n\nThanks for the conversation. We're putting together what we discussed for {company} and will follow up with the details.\n\nSee where things stand: {statusLink}\n\n${signOff}`,
  },
  partner: {
    subject: 'Welcome aboard, {company}',
    body: `Hello,\n\nWelcome aboard! We're glad to have {company} as a partner, and we'll keep you posted as candidates progress through their ${claims.trainingWeeks}-week training.\n\n${signOff}`,
  },
  not_a_fit: {
    subject: 'About your request',
    body: `Hello,\n\nThank you for considering us. We aren't the right fit for {company}'s needs this time, but we'd be glad to talk again if they change.\n\n${signOff}`,
  },
};

const defaults: Record<LeadKind, Partial<Record<string, DefaultMessage>>> = { candidate, company };

/** The message a status sends when no template is saved for it; undefined: it sends none. */
export const defaultMessage = (leadType: LeadKind, status: string): DefaultMessage | undefined =>
  defaults[leadType][status];
