import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { WEEKDAYS } from '../../src/shared/booking-availability';
import { DEFAULT_EXPLANATION, SCREENING_URL } from '../../src/shared/booking-screening';
import { SCREENING_ANSWER_URL } from '../../src/shared/booking-view';
import {
  CALL_BOOKED,
  CALL_OPEN,
  ERASED_MESSAGE,
  NOTHING_TO_DO,
  STATUS_NOTICES,
} from '../../src/shared/person-status';
import { patchCandidateStatus, signIn } from '../support/admin';
import { PREFILL_COOKIE } from '../../src/shared/prefill-cookie';
import { candidateIdOf, candidatesWithEmail, companiesWithEmail, postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import {
  applicant,
  applicantWithProof,
  book,
  bookingPage,
  OPEN,
  openForCalls,
  saveAvailability,
  callsOf,
} from '../support/calls';
import {
  cookieHeader,
  NAVIGATION,
  opened,
  openLink,
  post,
  postForm,
  proofCookies,
  statusLinkTo,
  statusPage,
  statusSiteBuild,
  tokenOf,
} from '../support/status-page';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * The person's status page (issue 21, decision 176): a mailed link, opened, gives the mailbox
 * proof; the page shows the address's leads only with it, and every change needs it. The
 * stand-in SSR bundle renders only the route; these tests read the state the server wrote.
 */

const CLIENT_DIR = await statusSiteBuild();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A candidate from /candidates and a link to their status page, valid from `issuedAt`. */
async function candidateWithLink(testApp: TestApp, issuedAt = new Date()) {
  const email = uniqueEmail('status');
  const { app, db } = testApp;
  expect(
    (await postJson(app, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email)))
      .statusCode,
  ).toBe(200);
  const id = await candidateIdOf(db, email);
  const link = await statusLinkTo(testApp, { table: 'candidates', id }, issuedAt);
  return { email, id, link, lead: `c${id}` };
}

/** An applicant, calls open, their status link opened: its proof and a time offered to book. */
async function applicantWithLink(testApp: TestApp, label: string) {
  const owner = await signIn(testApp.app);
  await openForCalls(testApp.app, owner);
  const { id, proof, times } = await applicantWithProof(testApp, uniqueEmail(label));
  return { owner, id, proof, start: times[4]! };
}

const activityOf = (current: TestApp, id: number) =>
  current.db
    .selectFrom('lead_activity')
    .selectAll()
    .where('lead_table', '=', 'candidates')
    .where('lead_id', '=', id)
    .execute();

describeEachDatabase(
  'the status page',
  (current) => {
    it('shows a link with one button, which spends it for the mailbox cookie and a 303 to /status', async () => {
      const { app } = current();
      const { email, link, lead } = await candidateWithLink(current());
      // Fetching the link (a mail scanner does) changes nothing: the page offers one button.
      for (let n = 0; n < 2; n++) {
        const { response: shown, state: offered } = await statusPage(app, '', link);
        expect(proofCookies(shown)).toEqual([]);
        expect(offered?.status).toEqual({ kind: 'open-link', token: tokenOf(link) });
      }
      const response = await openLink(app, link);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/status');
      const proof = response.cookies.find((cookie) => cookie.name === 'tb_mailbox');
      expect(proof).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 86400 });

      const { response: page, state } = await statusPage(app, cookieHeader(response));
      expect(page.headers['cache-control']).toBe('no-store');
      expect(state?.status).toMatchObject({
        kind: 'leads',
        leads: [
          {
            ref: lead,
            kind: 'candidate',
            email,
            details: { firstName: 'Ada', lastName: 'Lovelace', phone: '555-0100', location: '' },
            next: { href: `/status?next=questionnaire&lead=${lead}` },
            remindersStopped: false,
            withdrawn: false,
          },
        ],
      });
    });

    it('resumes the open step prefilled: next=questionnaire goes to /typeform, next=apply to /apply', async () => {
      const { app } = current();
      const { email, link } = await candidateWithLink(current());
      const offered = await statusPage(app, '', `${link}&next=apply`);
      expect(offered.state?.status).toEqual({
        kind: 'open-link',
        token: tokenOf(link),
        next: 'apply',
      });
      const resumed = await openLink(app, link, '', 'apply');
      expect(resumed.statusCode).toBe(303);
      expect(resumed.headers.location).toBe('/apply');
      const prefill = resumed.cookies.find((cookie) => cookie.name === PREFILL_COOKIE);
      expect(JSON.parse(Buffer.from(prefill!.value, 'base64url').toString())).toMatchObject({
        candidateEmail: email,
        candidateFirstName: 'Ada',
      });
      const again = await app.inject({
        url: '/status?next=questionnaire',
        headers: { ...NAVIGATION, cookie: cookieHeader(resumed) },
      });
      expect(again.headers.location).toBe('/typeform');
      expect(
        JSON.parse(Buffer.from(again.cookies[0]!.value, 'base64url').toString()),
      ).toMatchObject({ candidateEmail: email, candidateLastName: 'Lovelace' });
    });

    it('says an unknown or expired link has expired, and shows the plain page without one', async () => {
      const { app } = current();
      const old = await candidateWithLink(current(), new Date(Date.now() - 8 * DAY_MS));
      for (const url of [old.link, '/status?token=AAAAAAAAAAAAAAAAAAAAAAAA']) {
        const { response, state } = await statusPage(app, '', url);
        expect(response.statusCode).toBe(200);
        expect(proofCookies(response)).toEqual([]);
        expect(state?.status).toEqual({ kind: 'no-link', expired: true });
      }
      const plain = await statusPage(app);
      expect(plain.state).toBeUndefined();
      expect(plain.response.body).toContain('static /status');
      expect((await statusPage(app, '', '/status?link=sent')).state?.status).toEqual({
        kind: 'no-link',
        linkSent: true,
      });
      // Pressing "Open" for a spent or unknown link: back to the page, which says it expired.
      const spent = await openLink(app, old.link);
      expect(spent.headers.location).toBe('/status?link=expired');
      expect(proofCookies(spent)).toEqual([]);
      expect((await statusPage(app, '', '/status?link=expired')).state?.status).toEqual({
        kind: 'no-link',
        expired: true,
      });
    });

    it('refuses every action without the proof of that lead, and changes nothing', async () => {
      const { app, db } = current();
      const victim = await candidateWithLink(current());
      const other = await candidateWithLink(current());
      const otherProof = await opened(app, other.link);
      const victimProof = await opened(app, victim.link);
      const forged = `tb_mailbox=${'A'.repeat(43)}`;
      const attempts = [
        { cookie: '' },
        { cookie: forged },
        { cookie: otherProof },
        { cookie: victimProof, headers: { origin: 'https://evil.example' } },
      ];
      for (const { cookie, headers } of attempts) {
        for (const url of [
          '/api/status/details',
          '/api/status/reminders',
          '/api/status/withdraw',
          '/api/status/erase',
        ]) {
          const body = {
            lead: victim.lead,
            firstName: 'Eve',
            lastName: 'X',
            location: 'Nowhere',
            confirm: 'yes',
          };
          const response = await post(app, url, body, cookie, headers);
          expect(response.statusCode, `${url} ${cookie}`).toBe(403);
        }
      }
      const form = await postForm(app, '/api/status/withdraw', { lead: victim.lead });
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe('/status');
      const [row] = await candidatesWithEmail(db, victim.email);
      expect(row).toMatchObject({ first_name: 'Ada', status: 'new', reminders_stopped_at: null });
      expect(await activityOf(current(), victim.id)).toEqual([]);
    });

    it('shows the questionnaire’s answer to “Where do you live?” as the Location', async () => {
      const { app } = current();
      const { email, link } = await candidateWithLink(current());
      const answers = { ...validBodies.questionnaire(email), location: 'Tulsa, OK' };
      expect((await postJson(app, '/api/candidates/questionnaire', answers)).statusCode).toBe(200);
      const { state } = await statusPage(app, await opened(app, link));
      expect(state?.status).toMatchObject({ leads: [{ details: { location: 'Tulsa, OK' } }] });
    });

    it('stores a correction as a verified change in the lead’s history', async () => {
      const { app, db } = current();
      const { email, id, link, lead } = await candidateWithLink(current());
      const proof = await opened(app, link);
      const details = {
        lead,
        firstName: 'Ada',
        lastName: 'King',
        phone: '555-0199',
        location: 'Austin, TX',
      };
      const saved = await post(app, '/api/status/details', details, proof);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ message: STATUS_NOTICES.details });
      const [row] = await candidatesWithEmail(db, email);
      expect(row).toMatchObject({ last_name: 'King', phone: '555-0199', location: 'Austin, TX' });
      const history = await db
        .selectFrom('lead_submissions')
        .selectAll()
        .where('lead_table', '=', 'candidates')
        .where('lead_id', '=', id)
        .orderBy('id')
        .execute();
      expect(history.at(-1)).toMatchObject({ form: 'status-page', source_page: '/status' });
      expect(JSON.parse(history.at(-1)!.fields!)).toEqual({
        firstName: 'Ada',
        lastName: 'King',
        phone: '555-0199',
        location: 'Austin, TX',
      });

      const invalid = await post(app, '/api/status/details', { ...details, firstName: ' ' }, proof);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields).toEqual({ firstName: 'First name is required' });

      // Without JavaScript: back to the page, which says so.
      const form = await postForm(app, '/api/status/details', { ...details, phone: '' }, proof);
      expect(form.headers.location).toBe('/status');
      const { state } = await statusPage(app, cookieHeader(form) + '; ' + proof);
      expect(state?.statusNotice).toBe('details');
      const bad = await postForm(app, '/api/status/details', { ...details, lastName: '' }, proof);
      expect(bad.headers.location).toBe('/status');
      const returned = await statusPage(app, cookieHeader(bad) + '; ' + proof);
      expect(returned.state?.form).toMatchObject({
        action: '/api/status/details',
        values: { lead, lastName: '' },
        errors: { lastName: 'Last name is required' },
      });
      expect(state?.status).toMatchObject({ kind: 'leads', leads: [{ details: { phone: '' } }] });
    });

    it('lets a company correct every field of its talent request, by the form’s rules', async () => {
      const { app, db } = current();
      const email = uniqueEmail('company');
      const { email: _, ...sent } = validBodies.companyRequest(email);
      expect((await postJson(app, '/api/companies/submit', { email, ...sent })).statusCode).toBe(
        200,
      );
      const [company] = await companiesWithEmail(db, email);
      const proof = await opened(
        app,
        await statusLinkTo(current(), { table: 'companies', id: company!.id }),
      );
      const lead = `k${company!.id}`;
      // The page offers what the form took, as sent: the e-mail is shown, not corrected.
      const { state: before } = await statusPage(app, proof);
      expect(before?.status).toMatchObject({ leads: [{ details: { ...sent, phone: '' } }] });
      const details = {
        ...sent,
        name: 'Grace Hopper',
        title: 'COO',
        phone: '+1 555 0142',
        companySize: 'enterprise',
        talentNeeds: 'Twenty technicians, two halls.',
        timeline: 'exploring',
        comments: '',
      };
      const saved = await post(app, '/api/status/details', { lead, ...details }, proof);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await companiesWithEmail(db, email))[0]).toMatchObject({
        title: 'COO',
        phone: '+1 555 0142',
        company_size: 'enterprise',
        talent_needs: 'Twenty technicians, two halls.',
        timeline: 'exploring',
        comments: null,
      });
      const { state } = await statusPage(app, proof);
      expect(state?.status).toMatchObject({ leads: [{ details }] });
      // The form's rules: a size or timeline not offered, needs left blank.
      const wrong = { ...details, companySize: 'huge', timeline: 'never', talentNeeds: ' ' };
      const refused = await post(app, '/api/status/details', { lead, ...wrong }, proof);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fields).sort()).toEqual([
        'companySize',
        'talentNeeds',
        'timeline',
      ]);
      expect((await companiesWithEmail(db, email))[0]?.company_size).toBe('enterprise');
    });

    it('lets a company that only left its e-mail correct its company, all that form took', async () => {
      const { app, db } = current();
      const email = uniqueEmail('company-email');
      expect(
        (await postJson(app, '/api/companies/email', validBodies.companyEmail(email))).statusCode,
      ).toBe(200);
      const [company] = await companiesWithEmail(db, email);
      const proof = await opened(
        app,
        await statusLinkTo(current(), { table: 'companies', id: company!.id }),
      );
      const { state } = await statusPage(app, proof);
      expect(state?.status).toMatchObject({ leads: [{ details: { company: 'Acme Data' } }] });
      const lead = `k${company!.id}`;
      const saved = await post(app, '/api/status/details', { lead, company: 'Acme Cloud' }, proof);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await companiesWithEmail(db, email))[0]).toMatchObject({
        company_name: 'Acme Cloud',
        contact_name: null,
        stage: 'email',
      });
      const short = await post(app, '/api/status/details', { lead, company: 'A' }, proof);
      expect(short.json().fields).toEqual({ company: 'Company name is required' });
    });

    it('stops reminders, and withdraws, each recorded as the person’s act', async () => {
      const { app, db } = current();
      const { email, id, link, lead } = await candidateWithLink(current());
      const proof = await opened(app, link);
      expect((await post(app, '/api/status/reminders', { lead }, proof)).json()).toEqual({
        message: STATUS_NOTICES.reminders,
      });
      const [stopped] = await candidatesWithEmail(db, email);
      expect(stopped?.reminders_stopped_at).not.toBeNull();
      expect((await post(app, '/api/status/withdraw', { lead }, proof)).statusCode).toBe(400);
      const asked = await postForm(app, '/api/status/withdraw', { lead }, proof);
      expect(asked.headers.location).toBe('/status');
      expect((await candidatesWithEmail(db, email))[0]?.status).toBe('new');
      const confirmed = await post(app, '/api/status/withdraw', { lead, confirm: 'yes' }, proof);
      expect(confirmed.json()).toEqual({ message: STATUS_NOTICES.withdraw });
      const [withdrawn] = await candidatesWithEmail(db, email);
      expect(withdrawn).toMatchObject({
        status: 'withdrawn',
        reminders_stopped_at: stopped?.reminders_stopped_at,
      });
      const activity = await activityOf(current(), id);
      expect(activity.map(({ kind, text, to_status }) => ({ kind, text, to_status }))).toEqual([
        { kind: 'reminders_stopped', text: 'person', to_status: null },
        { kind: 'status_changed', text: 'person', to_status: 'withdrawn' },
      ]);
      const { state } = await statusPage(app, proof);
      expect(state?.status).toMatchObject({
        leads: [{ withdrawn: true, remindersStopped: true, next: null }],
      });
    });

    it('erases everything after the confirmation, audited with no address, and forgets the proof', async () => {
      const { app, db } = current();
      const { email, id, link, lead } = await candidateWithLink(current());
      const proof = await opened(app, link);
      expect((await post(app, '/api/status/erase', { lead }, proof)).statusCode).toBe(400);
      expect(await candidatesWithEmail(db, email)).toHaveLength(1);

      const erased = await postForm(app, '/api/status/erase', { lead, confirm: 'yes' }, proof);
      expect(erased.statusCode).toBe(303);
      expect(erased.cookies.find((cookie) => cookie.name === 'tb_mailbox')?.maxAge).toBe(0);
      expect(await candidatesWithEmail(db, email)).toEqual([]);
      const links = await db
        .selectFrom('status_links')
        .selectAll()
        .where('lead_table', '=', 'candidates')
        .where('lead_id', '=', id)
        .execute();
      expect(links).toEqual([]);
      const [entry] = await db
        .selectFrom('admin_audit_entries')
        .selectAll()
        .where('action', '=', 'data_subject_erasure')
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      expect(entry?.actor).toBe('the person (status page)');
      expect(entry?.detail).toMatch(/^erased candidates 1, /);
      expect(JSON.stringify(entry)).not.toContain(email.split('@')[0]);

      const { state } = await statusPage(app, cookieHeader(erased));
      expect(state?.status).toEqual({ kind: 'erased' });
      expect((await statusPage(app, '', link)).state?.status).toEqual({
        kind: 'no-link',
        expired: true,
      });
    });

    it('answers a JSON erasure with its sentence', async () => {
      const { app, db } = current();
      const { email, link, lead } = await candidateWithLink(current());
      const proof = await opened(app, link);
      const erased = await post(app, '/api/status/erase', { lead, confirm: 'yes' }, proof);
      expect(erased.json()).toEqual({ message: ERASED_MESSAGE });
      expect(erased.cookies.find((cookie) => cookie.name === 'tb_mailbox')?.maxAge).toBe(0);
      expect(await candidatesWithEmail(db, email)).toEqual([]);
      // The page again, with the old proof: the lead is gone, so nothing is erased twice.
      expect(
        (await post(app, '/api/status/erase', { lead, confirm: 'yes' }, proof)).statusCode,
      ).toBe(403);
    });

    it('offers "Book your call" only while a host has a time open or the person holds a call', async () => {
      const { app, db } = current();
      const email = uniqueEmail('book-offer');
      const applied = await postJson(
        app,
        '/api/candidates/submit',
        validBodies.candidateApplication(email),
      );
      expect(applied.statusCode).toBe(200);
      const id = await candidateIdOf(db, email);
      const proof = await opened(app, await statusLinkTo(current(), { table: 'candidates', id }));
      const shown = async () => {
        const { state } = await statusPage(app, proof);
        return state?.status?.kind === 'leads' ? state.status.leads[0] : undefined;
      };
      // A fresh install, no host's hours: no button to a page with no times; the team calls.
      expect(await shown()).toMatchObject({ bookCall: false, next: null, outlook: NOTHING_TO_DO });

      const owner = await signIn(app);
      await openForCalls(app, owner);
      // The call is the next step: not "nothing to do" above its button.
      expect(await shown()).toMatchObject({ bookCall: true, outlook: CALL_OPEN });
      // Holding a call, the button opens it to move or cancel, even with no other time open.
      const { slots } = await bookingPage<{ slots: { start: string }[] }>(app, proof);
      expect((await book(app, proof, slots[4]!.start)).statusCode).toBe(201);
      const closed = Object.fromEntries(WEEKDAYS.map((day) => [day, []]));
      await saveAvailability(app, owner, { ...OPEN, weekly: closed });
      expect(await bookingPage<{ slots: unknown[] }>(app, proof)).toMatchObject({ slots: [] });
      expect(await shown()).toMatchObject({ bookCall: true });
      expect((await postJson(app, '/api/booking/cancel', {}, { cookie: proof })).statusCode).toBe(
        200,
      );
      expect(await shown()).toMatchObject({ bookCall: false });

      // Turned away by a knock-out question: /book would show only the explanation.
      await openForCalls(app, owner);
      expect(await shown()).toMatchObject({ bookCall: true });
      const questions = [{ question: 'Are you 18 or older?', explanation: DEFAULT_EXPLANATION }];
      const asked = { method: 'PUT', url: SCREENING_URL, headers: { cookie: owner } } as const;
      expect((await app.inject({ ...asked, payload: { questions } })).statusCode).toBe(200);
      expect(await shown()).toMatchObject({ bookCall: true });
      const no = await postJson(app, SCREENING_ANSWER_URL, { answer0: 'no' }, { cookie: proof });
      expect(no.json()).toMatchObject({ screening: { step: 'refused' } });
      expect(await shown()).toMatchObject({ bookCall: false });
      await app.inject({ ...asked, payload: { questions: [] } });
      expect(await shown()).toMatchObject({ bookCall: true });

      // Enrolled or placed, the screening call is behind them: no button, times open or not.
      expect((await patchCandidateStatus(app, id, 'enrolled')).statusCode).toBe(200);
      expect(await shown()).toMatchObject({ bookCall: false });
    });

    it('says when the booked call is, in the zone the person booked it in, named', async () => {
      const { app } = current();
      const { proof, start } = await applicantWithLink(current(), 'call-time');
      // Not the host's zone (America/Chicago): the one the person picked on /book.
      const zone = 'America/New_York';
      const booked = await postJson(app, '/api/booking', { start, zone }, { cookie: proof });
      expect(booked.statusCode).toBe(201);
      const at = DateTime.fromISO(start, { zone });
      const when = `${at.toFormat('cccc d LLLL yyyy, h:mm a')} (${zone}, ${at.offsetNameLong})`;
      const { state } = await statusPage(app, proof);
      expect(state?.status).toMatchObject({ leads: [{ callBooked: when, outlook: CALL_BOOKED }] });

      // Cancelled: no time to tell, and "Book your call" again.
      const cancel = await postJson(app, '/api/booking/cancel', {}, { cookie: proof });
      expect(cancel.statusCode).toBe(200);
      const { state: after } = await statusPage(app, proof);
      expect(after?.status).toMatchObject({ leads: [{ bookCall: true, outlook: CALL_OPEN }] });
      expect(JSON.stringify(after?.status)).not.toContain('callBooked');
    });

    it('points a browser whose mailbox session is over to /book, which still shows its call', async () => {
      const { app, db } = current();
      const { id, proof, start } = await applicantWithLink(current(), 'call-after-day');
      expect((await book(app, proof, start)).statusCode).toBe(201);
      await db
        .updateTable('mailbox_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      // The form proof the link gave still opens /book on the call (to move or cancel it)...
      const held = await bookingPage<{ booking: { start: string } | null }>(app, proof);
      expect(held.booking?.start).toBe(start);
      // ...and /status, which shows that proof no stored value (its time), points there.
      const { state } = await statusPage(app, proof);
      expect(state?.status).toEqual({
        kind: 'steps',
        steps: [{ text: CALL_BOOKED, label: 'Move or cancel your call', href: '/book' }],
      });
      expect(JSON.stringify(state?.status)).not.toContain(`c${id}`);
      // Cancelled, a time is open: "Book your call".
      expect((await postJson(app, '/api/booking/cancel', {}, { cookie: proof })).statusCode).toBe(
        200,
      );
      expect((await statusPage(app, proof)).state?.status).toEqual({
        kind: 'steps',
        steps: [{ text: CALL_OPEN, label: 'Book your call', href: '/book' }],
      });
    });

    it('cancels the call of a candidate who withdraws: no host keeps it, and its time is free', async () => {
      const { app } = current();
      const { id, proof, start } = await applicantWithLink(current(), 'withdraw-call');
      expect((await book(app, proof, start)).statusCode).toBe(201);
      // The status page says the call is booked, and its button moves or cancels it.
      const { state } = await statusPage(app, proof);
      expect(state?.status).toMatchObject({
        leads: [
          { bookCall: true, callBooked: expect.any(String), next: null, outlook: CALL_BOOKED },
        ],
      });

      const withdrawn = await post(
        app,
        '/api/status/withdraw',
        { lead: `c${id}`, confirm: 'yes' },
        proof,
      );
      expect(withdrawn.json()).toEqual({ message: STATUS_NOTICES.withdraw });
      expect(await bookingPage(app, proof)).toMatchObject({ booking: null });
      // The host's one seat at that time is free again: another person books it.
      expect((await book(app, await applicant(app), start)).statusCode).toBe(201);
    });

    it('shows a withdrawn candidate on /book that they withdrew, no slots, and books them nothing', async () => {
      const { app, db } = current();
      const { id, proof, start } = await applicantWithLink(current(), 'withdrawn-book');
      await post(app, '/api/status/withdraw', { lead: `c${id}`, confirm: 'yes' }, proof);

      expect(await bookingPage(app, proof)).toMatchObject({
        slots: [],
        screening: { step: 'closed', stage: STATUS_NOTICES.withdraw },
      });
      const refused = await book(app, proof, start);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: STATUS_NOTICES.withdraw });
      const plain = await postForm(app, '/api/booking', { start }, proof);
      expect(plain.statusCode).toBe(303);
      expect(await callsOf(db, id)).toEqual([]);
    });

    it("a candidate who withdrew and applies again with their proof is new again and books; a stranger's form leaves them withdrawn", async () => {
      const { app, db } = current();
      const { id, proof, start } = await applicantWithLink(current(), 'changed-mind');
      await post(app, '/api/status/withdraw', { lead: `c${id}`, confirm: 'yes' }, proof);
      const lead = () =>
        db
          .selectFrom('candidates')
          .select(['email', 'status', 'reason'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      const { email } = await lead();
      const again = { ...validBodies.candidateApplication(email), reason: 'I changed my mind' };
      // Anyone may send the form with the address: it does not undo the person's withdrawal.
      expect((await postJson(app, '/api/candidates/submit', again)).statusCode).toBe(200);
      expect(await lead()).toMatchObject({ status: 'withdrawn' });
      // The person, in the browser their link opened, applies again: the team sees it as new.
      const sent = await postJson(app, '/api/candidates/submit', again, { cookie: proof });
      expect(sent.statusCode).toBe(200);
      expect(await lead()).toMatchObject({ status: 'new', reason: 'I changed my mind' });
      const activity = await activityOf(current(), id);
      expect(activity.at(-1)).toMatchObject({
        kind: 'status_changed',
        text: 'person',
        from_status: 'withdrawn',
        to_status: 'new',
      });
      const { state } = await statusPage(app, proof);
      expect(state?.status).toMatchObject({
        leads: [{ withdrawn: false, bookCall: true, outlook: CALL_OPEN }],
      });
      expect((await book(app, proof, start)).statusCode).toBe(201);
    });

    it.each([
      ['withdrawn', 'a recruiter', 'PATCH'],
      ['not_a_fit', 'a bulk change', 'bulk'],
    ])('cancels the call of a candidate %s by %s, freeing its time', async (status, _by, how) => {
      const { app } = current();
      const { owner, id, proof, start } = await applicantWithLink(current(), `closed-${status}`);
      expect((await book(app, proof, start)).statusCode).toBe(201);

      const changed =
        how === 'PATCH'
          ? await patchCandidateStatus(app, id, status)
          : await app.inject({
              method: 'POST',
              url: '/api/candidate-submissions/bulk',
              headers: { cookie: owner },
              payload: { ids: [id], status },
            });
      expect(changed.statusCode).toBe(200);
      expect(await bookingPage(app, proof)).toMatchObject({
        booking: null,
        slots: [],
        screening: { step: 'closed' },
      });
      expect((await book(app, await applicant(app), start)).statusCode).toBe(201);
    });

    it('keeps a call already held on record when the candidate is then set to not a fit', async () => {
      const { app, db } = current();
      const { id, proof, start } = await applicantWithLink(current(), 'held-then-closed');
      expect((await book(app, proof, start)).statusCode).toBe(201);
      // The call took place yesterday and was marked held.
      const yesterday = (hours: number) => new Date(Date.now() - 86_400_000 + hours * 3_600_000);
      await db
        .updateTable('bookings')
        .set({
          slot_start: yesterday(0).toISOString(),
          slot_end: yesterday(0.5).toISOString(),
          outcome: 'held',
        })
        .where('lead_id', '=', id)
        .execute();

      expect((await patchCandidateStatus(app, id, 'not_a_fit')).statusCode).toBe(200);
      const call = await db
        .selectFrom('bookings')
        .select(['cancelled_at', 'outcome'])
        .where('lead_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(call).toEqual({ cancelled_at: null, outcome: 'held' });
    });
  },
  { env: { CLIENT_DIR } },
);
