/* What the person's routes outside the lead context (the erasure from /status, a booked call)
   share with it. */
export { confirmed, confirmedFields, provenLead, unconfirmed } from './status-routes';
export { STATUS_PATH } from './status-link';
export { seeOther, wantsHtml } from '../capture/html-form-posts';
export { candidateContact, candidateFirstNames, candidateNames } from './candidate-contact';
export { recordCallEvent } from '../pipeline/status-events';
export { noCallNow } from '../pipeline/lead-pipeline';
export { personMail } from '../messages/person-mail';
