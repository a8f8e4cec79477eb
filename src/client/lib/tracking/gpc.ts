/** The browser sends Global Privacy Control: the visitor has opted out of sale and sharing. */
export const sendsGlobalPrivacyControl = (): boolean =>
  (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
