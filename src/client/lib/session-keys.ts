/** Session-storage keys of the specification (section 3), verbatim. */
export const sessionKeys = {
  candidateFirstName: 'candidateFirstName',
  candidateLastName: 'candidateLastName',
  candidateEmail: 'candidateEmail',
  candidatePhone: 'candidatePhone',
  employerEmail: 'employerEmail',
  employerCompany: 'employerCompany',
  typeformCompleted: 'typeformCompleted',
  filloutCompleted: 'filloutCompleted',
  adminAuthenticated: 'adminAuthenticated',
} as const;

export type SessionKey = keyof typeof sessionKeys;

/** Session storage that never throws (private modes and disabled storage just return null). */
export const session = {
  get(key: SessionKey): string | null {
    try {
      return window.sessionStorage.getItem(sessionKeys[key]);
    } catch {
      return null;
    }
  },
  set(key: SessionKey, value: string): void {
    try {
      window.sessionStorage.setItem(sessionKeys[key], value);
    } catch {
      // Storage unavailable: the flow still works, only the prefill is lost.
    }
  },
  remove(key: SessionKey): void {
    try {
      window.sessionStorage.removeItem(sessionKeys[key]);
    } catch {
      // ignored, as above
    }
  },
};
