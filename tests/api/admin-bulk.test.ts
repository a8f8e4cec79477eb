import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { AdminAuthTables } from '../../src/server/admin/auth/auth-tables';
import { tablesOf } from '../../src/server/platform/database/connection';
import { adminOptions, seedCandidate, seedCompany, signIn } from '../support/admin';
import { describeEachDatabase, type TestApp } from '../support/test-app';
import { BULK_ENTRY_IDS } from '../../src/server/admin/audit/audit-log';
import { searchHeader } from '../support/search';

/*
 * Bulk work on the lists (issue 22): one status for many leads, by ids or by the list's filter,
 * all or nothing, at most 10,000 a call, audited as one entry; and the ticked leads' export.
 */

interface AuditEntry {
  action: string;
  leadType: string | null;
  leadId: number | null;
  detail: string | null;
  namedLeads?: { id: number; gone: boolean }[];
}

const statusesOf = async (testApp: TestApp, table: 'candidates' | 'companies', ids: number[]) => {
  const rows = await testApp.db
    .selectFrom(table)
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
};

const statusChanges = (testApp: TestApp, ids: number[]) =>
  testApp.db
    .selectFrom('lead_activity')
    .select(['lead_id', 'from_status', 'to_status'])
    .where('lead_table', '=', 'candidates')
    .where('kind', '=', 'status_changed')
    .where('lead_id', 'in', ids)
    .orderBy('lead_id')
    .execute();

const statusMessages = (testApp: TestApp, ids: number[]) =>
  testApp.db
    .selectFrom('outbox_messages')
    .select(['subject_id', 'payload'])
    .where('topic', '=', 'person.status-message')
    .where('subject_type', '=', 'candidate')
    .where('subject_id', 'in', ids)
    .execute();

/** `count` regular candidates named `<lastName><n>`, written in one statement. */
async function insertCandidates(testApp: TestApp, lastName: string, count: number) {
  const now = new Date().toISOString();
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    insert into candidates (email, email_normalized, stage, first_name, last_name, created_at, updated_at)
    select ${lastName} || i || '@example.com', ${lastName} || i || '@example.com', 'application',
      'Bulk', ${lastName} || i, ${now}, ${now}
    from n`.execute(testApp.db);
}

describeEachDatabase(
  'bulk changes',
  (current) => {
    let cookie = '';
    const tag = `b${Date.now().toString(36)}`;

    beforeAll(async () => {
      cookie = await signIn(current().app);
    });

    const bulk = (kind: 'candidate' | 'company', payload: unknown) =>
      current().app.inject({
        method: 'POST',
        url: `/api/${kind}-submissions/bulk`,
        headers: { cookie },
        payload: payload as object,
      });

    const auditEntries = async () => {
      const response = await current().app.inject({
        method: 'GET',
        url: '/api/admin/audit?limit=20',
        headers: { cookie },
      });
      return response.json<AuditEntry[]>();
    };

    it('sets the status of the listed leads, each with its timeline entry, audited once with the count', async () => {
      const testApp = current();
      const leads = await Promise.all([1, 2, 3].map(() => seedCandidate(testApp, 'regular')));
      const ids = leads.map((lead) => lead.id);
      const [first] = ids;
      await testApp.app.inject({
        method: 'PATCH',
        url: `/api/candidate-submissions/${first}`,
        headers: { cookie },
        payload: { status: 'contacted' },
      });

      const response = await bulk('candidate', { ids, status: 'contacted' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ count: 3, changed: 2, assigned: 0 });
      expect(Object.values(await statusesOf(testApp, 'candidates', ids))).toEqual([
        'contacted',
        'contacted',
        'contacted',
      ]);
      // The PATCH's change, then one per lead that changed: what a single change records.
      expect(await statusChanges(testApp, ids)).toEqual(
        ids.map((id) => ({ lead_id: id, from_status: 'new', to_status: 'contacted' })),
      );
      const detail = await testApp.app.inject({
        method: 'GET',
        url: `/api/candidate-submissions/${ids[2]}`,
        headers: { cookie },
      });
      expect(detail.json().timeline.map((entry: { kind: string }) => entry.kind)).toContain(
        'status_changed',
      );

      const [entry, before] = await auditEntries();
      expect(entry).toMatchObject({
        action: 'bulk_changed',
        leadType: 'candidate',
        leadId: null,
        detail: `3 leads: status -> contacted (2 changed); leads ${ids.join(', ')}`,
        namedLeads: ids.map((id) => ({ id, gone: false })),
      });
      expect(before).toMatchObject({ action: 'status_changed', leadId: first });
    });

    it("names a bulk change's leads by id in its entry, the first 20 and how many more, each to open", async () => {
      const testApp = current();
      const lastName = `Named${tag}`;
      await insertCandidates(testApp, lastName, BULK_ENTRY_IDS + 3);
      const rows = await testApp.db
        .selectFrom('candidates')
        .select('id')
        .where('last_name', 'like', `${lastName}%`)
        .orderBy('id')
        .execute();
      const ids = rows.map((row) => Number(row.id));
      const named = ids.slice(0, BULK_ENTRY_IDS);
      const deleted = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/candidate-submissions/${ids[1]}`,
        headers: { cookie },
      });
      expect(deleted.statusCode).toBe(204);

      const listed = ids.filter((id) => id !== ids[1]);
      expect((await bulk('candidate', { ids: listed, status: 'contacted' })).statusCode).toBe(200);
      const [entry] = await auditEntries();
      const shown = listed.slice(0, BULK_ENTRY_IDS);
      expect(entry).toMatchObject({
        action: 'bulk_changed',
        leadId: null,
        detail: `${listed.length} leads: status -> contacted (${listed.length} changed); leads ${shown.join(', ')} and 2 more`,
        namedLeads: shown.map((id) => ({ id, gone: false })),
      });
      expect(entry?.detail).not.toContain(lastName);

      // A named lead deleted since: still named, with nothing to open.
      expect((await bulk('candidate', { ids: [named[0]!], status: 'qualified' })).statusCode).toBe(
        200,
      );
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/candidate-submissions/${named[0]}`,
        headers: { cookie },
      });
      const [, single] = await auditEntries();
      expect(single).toMatchObject({ namedLeads: [{ id: named[0], gone: true }] });
    });

    it("sets the status of every lead the list's filter matches, and only those", async () => {
      const testApp = current();
      const regular = await Promise.all(
        [1, 2].map((n) => seedCandidate(testApp, 'regular', { last_name: `${tag}f${n}` })),
      );
      const typeform = await seedCandidate(testApp, 'questionnaire', { last_name: `${tag}f3` });
      const other = await seedCandidate(testApp, 'regular', { last_name: 'Elsewhere' });
      const response = await bulk('candidate', {
        filter: { type: 'regular', q: `${tag}f`, status: 'new' },
        status: 'qualified',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ count: 2, changed: 2, assigned: 0 });
      const ids = [...regular.map((lead) => lead.id), typeform.id, other.id];
      expect(await statusesOf(testApp, 'candidates', ids)).toEqual({
        [regular[0]!.id]: 'qualified',
        [regular[1]!.id]: 'qualified',
        [typeform.id]: 'new',
        [other.id]: 'new',
      });

      const company = await seedCompany(testApp, 'full', { company_name: `${tag} Works` });
      const companies = await bulk('company', {
        filter: { type: 'full', q: `${tag} works` },
        status: 'partner',
      });
      expect(companies.json()).toEqual({ count: 1, changed: 1, assigned: 0 });
      expect(await statusesOf(testApp, 'companies', [company.id])).toEqual({
        [company.id]: 'partner',
      });
    });

    it('changes nothing and names the field for an unknown id, status or filter', async () => {
      const testApp = current();
      const lead = await seedCandidate(testApp, 'regular');
      const entriesBefore = await auditEntries();
      const refusals: [unknown, string][] = [
        [{ ids: [lead.id, 2_000_000_000], status: 'contacted' }, 'ids'],
        [{ ids: [lead.id], status: 'partner' }, 'status'],
        [{ ids: [lead.id] }, 'status'],
        [{ status: 'contacted' }, 'ids'],
        [{ ids: [], status: 'contacted' }, 'ids'],
        [{ ids: ['1'], status: 'contacted' }, 'ids'],
        [{ ids: [lead.id], filter: {}, status: 'contacted' }, 'filter'],
        [{ filter: { status: 'partner' }, status: 'contacted' }, 'filter.status'],
        [{ filter: { type: 'full' }, status: 'contacted' }, 'filter.type'],
        [{ filter: { limit: 5 }, status: 'contacted' }, 'filter.limit'],
        [{ filter: { duplicates: 'yes' }, status: 'contacted' }, 'filter.duplicates'],
        [{ filter: { assignee: 'someone' }, status: 'contacted' }, 'filter.assignee'],
        [{ ids: [lead.id], status: 'contacted', notify: 'yes' }, 'notify'],
        [{ ids: [lead.id], status: 'contacted', assignee: 'Ada' }, 'assignee'],
      ];
      for (const [payload, field] of refusals) {
        const response = await bulk('candidate', payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(response.json().fields), JSON.stringify(payload)).toEqual([field]);
      }
      const unknown = await bulk('candidate', {
        ids: [lead.id, 2_000_000_000],
        status: 'not_a_fit',
      });
      expect(unknown.json().fields.ids).toContain('2000000000');
      expect(await statusesOf(testApp, 'candidates', [lead.id])).toEqual({ [lead.id]: 'new' });
      expect(await statusChanges(testApp, [lead.id])).toEqual([]);
      expect(await auditEntries()).toEqual(entriesBefore);
    });

    it('takes at most 10,000 leads a call, by ids or by filter', async () => {
      const testApp = current();
      const ids = Array.from({ length: 10_001 }, (_, index) => index + 1);
      const listed = await bulk('candidate', { ids, status: 'contacted' });
      expect(listed.statusCode).toBe(400);
      expect(listed.json().fields).toEqual({ ids: 'At most 10,000 leads a call' });

      const lastName = `${tag}many`;
      await insertCandidates(testApp, lastName, 10_001);
      const tooMany = await bulk('candidate', { filter: { q: lastName }, status: 'contacted' });
      expect(tooMany.statusCode).toBe(400);
      expect(Object.keys(tooMany.json().fields)).toEqual(['filter']);
      const untouched = await testApp.db
        .selectFrom('candidates')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('last_name', 'like', `${lastName}%`)
        .where('status', '=', 'new')
        .executeTakeFirstOrThrow();
      expect(Number(untouched.n)).toBe(10_001);

      // One of them set apart, the filter matches exactly 10,000: all change, each recorded.
      const [one] = await testApp.db
        .selectFrom('candidates')
        .select('id')
        .where('last_name', '=', `${lastName}1`)
        .execute();
      await bulk('candidate', { ids: [one!.id], status: 'not_a_fit' });
      const all = await bulk('candidate', {
        filter: { q: lastName, status: 'new' },
        status: 'contacted',
      });
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual({ count: 10_000, changed: 10_000, assigned: 0 });
      const recorded = await testApp.db
        .selectFrom('lead_activity')
        .innerJoin('candidates', 'candidates.id', 'lead_activity.lead_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('lead_activity.lead_table', '=', 'candidates')
        .where('lead_activity.to_status', '=', 'contacted')
        .where('candidates.last_name', 'like', `${lastName}%`)
        .executeTakeFirstOrThrow();
      expect(Number(recorded.n)).toBe(10_000);
    });

    it("queues the status's message to each person whose status changes, with notify", async () => {
      const testApp = current();
      const leads = await Promise.all([1, 2].map(() => seedCandidate(testApp, 'regular')));
      const ids = leads.map((lead) => lead.id);
      // 'new' has no message, not even a default: refused, nothing changes.
      const refused = await bulk('candidate', { ids, status: 'new', notify: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ notify: 'This status has no message to send' });
      expect(await statusesOf(testApp, 'candidates', ids)).toEqual({
        [ids[0]!]: 'new',
        [ids[1]!]: 'new',
      });

      const saved = await testApp.app.inject({
        method: 'PUT',
        url: '/api/admin/message-templates/candidate/enrolled',
        headers: { cookie },
        payload: { subject: 'Welcome, {firstName}', body: 'You are enrolled.' },
      });
      expect(saved.statusCode).toBe(200);
      await bulk('candidate', { ids: [ids[0]], status: 'enrolled' });
      const sent = await bulk('candidate', { ids, status: 'enrolled', notify: true });
      expect(sent.json()).toEqual({ count: 2, changed: 1, assigned: 0 });
      const messages = await statusMessages(testApp, ids);
      expect(messages.map((message) => message.subject_id)).toEqual([ids[1]]);
      expect(JSON.parse(messages[0]!.payload)).toMatchObject({
        table: 'candidates',
        id: ids[1],
        subject: 'Welcome, {firstName}',
      });
      const [entry] = await auditEntries();
      expect(entry?.detail).toBe(
        `2 leads: status -> enrolled (1 changed, its message sent); leads ${ids.join(', ')}`,
      );
    });

    it('exports the ticked leads with the tab’s columns', async () => {
      const testApp = current();
      const leads = await Promise.all(
        [1, 2, 3].map((n) => seedCandidate(testApp, 'regular', { last_name: `${tag}x${n}` })),
      );
      const exportOf = (query: string, search?: string) =>
        testApp.app.inject({
          method: 'GET',
          url: `/api/admin/export/candidates.csv?${query}`,
          headers: { cookie, ...searchHeader(search) },
        });
      const ticked = await exportOf(`ids=${leads[2]!.id},${leads[0]!.id}`);
      expect(ticked.statusCode).toBe(200);
      const [header, ...rows] = ticked.body.trimEnd().split('\r\n');
      const whole = await exportOf('', `${tag}x`);
      expect(header).toBe(whole.body.split('\r\n')[0]);
      expect(rows.map((row) => Number(row.split(',')[0]!.replaceAll('"', '')))).toEqual([
        leads[2]!.id,
        leads[0]!.id,
      ]);
      expect((await exportOf('ids=1,x')).statusCode).toBe(400);
      expect(await auditEntries()).toContainEqual(
        expect.objectContaining({ action: 'export', detail: 'candidates, 2 ticked leads' }),
      );
    });

    it('assigns the leads to an account, or unassigns them, with or without a status', async () => {
      const testApp = current();
      const { id: recruiter } = await tablesOf<AdminAuthTables>(testApp.db)
        .insertInto('admin_accounts')
        .values({
          email: `bulk-${tag}@example.com`,
          name: 'Bulk Recruiter',
          role: 'recruiter',
          password_hash: 'scrypt$test-only',
          created_at: new Date().toISOString(),
          disabled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids = (await Promise.all([1, 2].map(() => seedCandidate(testApp, 'regular')))).map(
        (lead) => lead.id,
      );
      const assigneesOf = async () =>
        (
          await testApp.db
            .selectFrom('candidates')
            .select('assignee_id')
            .where('id', 'in', ids)
            .execute()
        ).map((row) => row.assignee_id);

      const refused = await bulk('candidate', { ids, assignee: 999_999 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({
        assignee: 'Must be the id of an enabled owner or recruiter account, or null',
      });
      expect(await assigneesOf()).toEqual([null, null]);

      const both = await bulk('candidate', { ids, status: 'contacted', assignee: recruiter });
      expect(both.json()).toEqual({ count: 2, changed: 2, assigned: 2 });
      expect(await assigneesOf()).toEqual([recruiter, recruiter]);
      const detail = await testApp.app.inject({
        method: 'GET',
        url: `/api/candidate-submissions/${ids[0]}`,
        headers: { cookie },
      });
      expect(detail.json().timeline.map((entry: { text: string }) => entry.text)).toContain(
        'Assigned to Bulk Recruiter by Owner',
      );
      expect((await auditEntries())[0]).toMatchObject({
        action: 'bulk_changed',
        detail: `2 leads: status -> contacted (2 changed), assignee -> ${recruiter} (2 changed); leads ${ids.join(', ')}`,
      });

      const none = await bulk('candidate', { ids, assignee: null });
      expect(none.json()).toEqual({ count: 2, changed: 0, assigned: 2 });
      expect(await assigneesOf()).toEqual([null, null]);
      expect((await bulk('candidate', { ids })).json().fields).toEqual({
        status: 'Required: a status, an assignee or both',
      });
    });
  },
  // The status message is asserted as queued: a worker sending it would empty its payload.
  { ...adminOptions, personWorker: { enabled: false } },
);
