/* The lead context's one public module (decision 145): other capabilities import only this file. */
export { leadMigrations, leadEphemeralMigrations, type LeadTables } from './lead-schema';

// Capture: the public forms' routes, screened for spam, and what the person is told.
export { leadsPlugin } from './leads-plugin';
export { spamPlugin } from './workflows/screening/spam-plugin';
export { personMessagesPlugin } from './workflows/messages/person-messages-plugin';
export { MailAllowance, PersonConfirmations } from './workflows/messages/mail-allowance';
export { LEAD_FLOOD_LIMIT } from './workflows/capture/lead-capture';
export { scopedKey, refuseFlood, type Flood } from './workflows/screening/address-counters';
export { LEAD_REQUESTED, type LeadCreatedPayload } from './records/lead-created';
export { normalizeEmail } from './records/upsert';
export { FormHandoff } from './workflows/capture/form-handoff';
// The person's status page: their proof, what it shows, what they may do.
export { leadProofKey } from './workflows/people/lead-proof';
export { StatusPage } from './workflows/people/status-page';
export * as statusApi from './workflows/people/status-api';

// The team's desk, and what its routes answer with.
export { LeadDesk } from './lead-desk';
export * as adminApi from './reads/admin-api';
export * as leadFunnel from './reads/lead-funnel';
export * as csv from './reads/export/csv';
