import type { FastifyRequest } from 'fastify';
import type { ContactType, PageState } from '@shared/page-state';
import type { StatusView } from '@shared/person-status';
import type { FormHandoff } from '../leads';

const CONTACT_TYPES: readonly string[] = ['candidate', 'employer'] satisfies ContactType[];

/** /contact's query string: `userType` picks the tab, `showForm=true` opens the candidate one. */
function contactType(request: FastifyRequest): ContactType | undefined {
  const query = request.query as Record<string, unknown>;
  if (CONTACT_TYPES.includes(query.userType as string)) return query.userType as ContactType;
  return query.showForm === 'true' ? 'candidate' : undefined;
}

/** A form's flash, the prefill, /contact's tab for this request; undefined: the page as built. */
export async function requestPageState(
  request: FastifyRequest,
  route: string,
  handoff: FormHandoff,
  /** /status: what it shows this person (an erasure's flash says more). */
  status?: StatusView,
): Promise<{ state: PageState; cookies: string[] } | undefined> {
  const state: PageState = {};
  const cookies: string[] = [];
  const flash = await handoff.take(request, route);
  if (flash) {
    Object.assign(state, flash.state);
    cookies.push(flash.clear);
  }
  const prefill = handoff.prefill(request);
  if (prefill) state.prefill = prefill;
  if (status && !state.status) state.status = status;
  const type = route === '/contact' ? contactType(request) : undefined;
  if (type) state.contactType = type;
  return Object.keys(state).length > 0 ? { state, cookies } : undefined;
}
