/** Features the site never uses, off; only names Chromium knows (it warns on unknown ones). */
const DISABLED = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  // FLoC's old name; Chromium still knows it, and older versions honour only this one.
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

const policy = (allowed: readonly string[]) =>
  [
    ...DISABLED.filter((feature) => !allowed.includes(feature)).map((feature) => `${feature}=()`),
    ...['fullscreen', ...allowed].map((feature) => `${feature}=(self)`),
  ].join(', ');

export const PERMISSIONS_POLICY = policy([]);

/** The passkey pages (/admin, /admin/invite): WebAuthn for our own origin. */
export const PASSKEY_PAGES_PERMISSIONS_POLICY = policy([
  'publickey-credentials-create',
  'publickey-credentials-get',
]);
