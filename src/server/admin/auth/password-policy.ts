import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '@shared/admin-accounts';

/** zxcvbn-ts's list of ~49,000 passwords seen most in breaches. */
const common = new Set(dictionary['passwords-common'] as string[]);

/** Why an account's new password is refused, or undefined when it is fine. */
export function passwordProblem(password: string, email: string): string | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  const lower = password.toLowerCase();
  if (common.has(lower) || lower === email.toLowerCase()) {
    return 'This password is too common: choose another';
  }
  return undefined;
}
