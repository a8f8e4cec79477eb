import type { AdminRole } from '@shared/admin-accounts';
import { titleCase } from '@shared/lead-fields';
import type { LeadKind } from '@shared/lead-status';
import {
  failureToast as failure,
  successToast as success,
  type ToastInput,
} from '../../../lib/toast-store';

const ROLE_MEANINGS: Record<AdminRole, string> = {
  owner: 'you may do everything, accounts and the audit log too.',
  recruiter: 'you work the leads; accounts and the audit log are an owner’s.',
  viewer: 'you read the leads and figures; changing them is for a recruiter or an owner.',
};

/** The admin toasts of the specification (section 8), verbatim. */
export const adminToasts = {
  loginFailed: failure('Authentication Failed', 'Incorrect password'),
  authenticated: success('Authenticated'),
  loggedOut: success('Logged Out'),
  refreshed: success('Data Refreshed'),
  loadFailed: (kind: LeadKind = 'candidate') => failure('Error', `Failed to load ${kind} data`),
  emailSent: success('Email Sent'),
  emailFailed: failure('Error', 'Failed to send form email. Check if SENDGRID_API_KEY is set.'),
  deleted: success('Deleted'),
  deleteFailed: (kind: LeadKind) => failure('Error', `Failed to delete ${kind} submission`),
  noData: failure('No Data', 'There is no data to export'),
  // Beyond the spec: the quarantine's actions.
  released: success('Released', 'The submission is now a lead'),
  releaseFailed: failure('Error', 'Failed to release the submission'),
  quarantineDeleteFailed: failure('Error', 'Failed to delete the quarantined submission'),
  // No mail server: the spec's failure toast, then where the message waits.
  emailSavedToOutbox: failure(
    'Error',
    'Failed to send form email. Check if SENDGRID_API_KEY is set. The message waits in the outbox folder: no mail server is configured.',
  ),
  signedOutEverywhere: (ended: number) =>
    success(
      'Signed Out Everywhere',
      `${ended === 1 ? '1 other session was' : `${ended} other sessions were`} ended. This one stays signed in.`,
    ),
  // Beyond the spec: data requests.
  dataRequestFailed: failure('Error', 'Failed to look up the address'),
  erased: success('Erased', 'Everything stored about the address was erased'),
  erasureFailed: failure('Error', 'Failed to erase the data: nothing was erased'),
  settingsSaved: (what: string, description?: string) =>
    success(`${what.charAt(0).toUpperCase()}${what.slice(1)} saved`, description),
  // Beyond the spec: failures in the server's words; Export to CSV where there are no rows.
  error: (description: string) => failure('Error', description),
  nothingToExport: (where: string) => ({
    title: 'Nothing to Export',
    description: `Nothing to export ${where}: choose a lead tab`,
  }),
  // Beyond the spec: an owner changed this account's role while it was signed in.
  roleChanged: (role: AdminRole) => ({
    title: 'Role Changed',
    description: `Your role is now ${titleCase(role)}: ${ROLE_MEANINGS[role]}`,
  }),
} satisfies Record<string, ToastInput | ((...args: never[]) => ToastInput)>;
