/** The spec's business claims and constants (sections 1, 9), defined once. */
export const claims = {
  trainingWeeks: 8,
  trainingMonthsLabel: '2 months',
  foundedYear: 2025,
  teamExperienceYears: '50+',
  salaryClaim: '$50K+',
  testimonialSalary: '$55K',
  projectedGrowth: '35%',
  projectedGrowthYear: 2026,
  cohortSpots: 20,
  retentionClaim: '80%+',
  retentionMonths: 12,
  companyResponseBusinessDays: 1,
  legalDocumentsDate: 'April 18, 2025',
  governingLaw: 'California',
  materialChangeNoticeDays: 30,
} as const;

/** Timings and thresholds from the specification (section 9). */
export const timings = {
  scrollThresholdPx: 300,
  homeViewTrackingDelayMs: 500,
  toastLimit: 1,
  toastDefaultDurationMs: 5000,
  toastErrorDurationMs: 5000,
  toastSuccessDurationMs: 3000,
  toastLongSuccessDurationMs: 5000,
  toastSwipeThresholdPx: 50,
  toastRemoveDelayMs: 1_000_000,
  completionRedirectDelayMs: 1000,
  completionPollMs: 2000,
  adminAutoRefreshMs: 30_000,
  questionnaireIframeHeightPx: 500,
} as const;
