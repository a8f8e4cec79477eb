import { conversionFields } from './tracking/submission-event';

/** Thrown for any non-OK answer; the message follows the spec's '{status}: {body or status text}'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/** POSTs a lead (spec 7) with the conversion fields; any failure rejects. */
export async function postLead(action: string, fields: object): Promise<void> {
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...fields, ...conversionFields() }),
  });
  if (!response.ok)
    throw new ApiError(response.status, (await response.text()) || response.statusText);
}
