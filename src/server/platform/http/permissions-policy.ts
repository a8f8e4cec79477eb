/**
 * Browser features the site never uses, off for our pages and what they embed (the questionnaire
 * iframe too). Only names Chromium knows: it warns on every page about an unknown one, and a
 * browser test watches for that.
 */
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
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = [
  ...DISABLED.map((feature) => `${feature}=()`),
  'fullscreen=(self)',
].join(', ');
