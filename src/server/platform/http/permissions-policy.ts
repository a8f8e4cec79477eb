/**
 * Powerful browser features the site never uses, switched off for our pages and anything they
 * embed (the questionnaire iframe included: it needs none of them). Fullscreen stays with our
 * own origin only. Every name here is one Chromium knows: it warns on every page about an
 * unknown name (Web Bluetooth's 'bluetooth' is one), and a browser test watches for that.
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
