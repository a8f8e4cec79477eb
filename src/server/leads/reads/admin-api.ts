/* What the admin's lead routes share with the lead context; the services are the LeadDesk's. */

export { leadEmailSchema, leadEmailView } from './lead-views';
export { candidateKind, leadKinds, anyStatus } from './lead-kinds';
export { boardCardSchema, boardCardView, boardColumn } from './lead-board';
export { decodeCursor, encodeCursor } from './cursor';
export { parseSort, sortPattern } from './lead-sort';
export type { Page } from './lead-listing';
export { byTime } from './timeline';
export { exportTabs, type ExportTab } from './export/export-tabs';
export { exportCsv } from './export/export-query';
export { possibleDuplicates } from '../workflows/duplicates/possible-duplicates';
export { type BulkChange } from '../workflows/pipeline/bulk-changes';
export { findAssignee, listAssignees } from '../workflows/pipeline/lead-assignment';
export { INVALID_FIELDS_MESSAGE, validateBody } from '../workflows/capture/validate-body';
export { candidateResumeLink } from '../workflows/people/candidate-contact';
export { formEmailMessage, statusMessageMail } from '../workflows/messages/person-mail';
export { openStepOf } from '../workflows/people/status-words';
