// Apart from the availability's schemas, so the booking page's code checks a zone without zod.

/** True for a time zone the runtime knows by its IANA name (`America/Chicago`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
