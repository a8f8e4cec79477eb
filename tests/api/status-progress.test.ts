import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { NOTHING_TO_DO, type StatusLead } from '../../src/shared/person-status';
import { adminEnv, patchCandidateStatus, patchStatus } from '../support/admin';
import { candidateIdOf, companiesWithEmail, postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import {
  opened,
  openLink,
  statusLinkTo,
  statusPage,
  statusSiteBuild,
} from '../support/status-page';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * The status page says where the person stands (issue 40, decisions 153 and 155): the road from
 * applied to placed, words for each stage, and no promise (of contact or of reminders) where
 * none holds. These tests read the state the server wrote into the page.
 */

const CLIENT_DIR = await statusSiteBuild();

/** The lead as its person's page shows it, opened from a fresh status link. */
async function pageOf(testApp: TestApp, table: 'candidates' | 'companies', id: number) {
  const mailbox = await opened(testApp.app, await statusLinkTo(testApp, { table, id }));
  const view = (await statusPage(testApp.app, mailbox)).state?.status;
  return { lead: view?.kind === 'leads' ? view.leads[0] : undefined };
}

const road = (lead: StatusLead | undefined) =>
  lead?.progress?.map((stage) => `${stage.label}${stage.reached ? ' ✓' : ''}`);

async function sent(app: FastifyInstance, url: string, body: object) {
  expect((await postJson(app, url, body)).statusCode).toBe(200);
}

/** A candidate who finished /candidates and the questionnaire. */
async function finishedCandidate(testApp: TestApp, label: string) {
  const email = uniqueEmail(label);
  await sent(testApp.app, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
  await sent(testApp.app, '/api/candidates/typeform-completed', { email });
  return candidateIdOf(testApp.db, email);
}

describeEachDatabase(
  'where the person stands',
  (current) => {
    it('an unfinished candidate: the open step, Applied not yet reached, reminders may come', async () => {
      const testApp = current();
      const email = uniqueEmail('open');
      await sent(testApp.app, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
      const { lead } = await pageOf(testApp, 'candidates', await candidateIdOf(testApp.db, email));
      expect(road(lead)).toEqual(['Applied', 'Contacted', 'Qualified', 'Enrolled', 'Placed']);
      expect(lead?.next?.label).toBe('Finish the questionnaire');
      expect(lead?.outlook).toBeNull();
    });

    it('a finished candidate has applied, and we will be in touch', async () => {
      const testApp = current();
      const { lead } = await pageOf(
        testApp,
        'candidates',
        await finishedCandidate(testApp, 'done'),
      );
      expect(road(lead)).toEqual(['Applied ✓', 'Contacted', 'Qualified', 'Enrolled', 'Placed']);
      expect(lead).toMatchObject({ next: null, outlook: NOTHING_TO_DO });
    });

    it('a placed candidate sees the whole road, no "we\'ll be in touch", and an old questionnaire button opens the page', async () => {
      const testApp = current();
      const id = await finishedCandidate(testApp, 'placed');
      expect((await patchCandidateStatus(testApp.app, id, 'placed')).statusCode).toBe(200);
      const { lead } = await pageOf(testApp, 'candidates', id);
      expect(road(lead)).toEqual([
        'Applied ✓',
        'Contacted ✓',
        'Qualified ✓',
        'Enrolled ✓',
        'Placed ✓',
      ]);
      expect(lead).toMatchObject({
        stage: 'You have been placed with a partner company.',
        next: null,
        outlook: null,
      });
      // A button of an e-mail sent while the questionnaire was open.
      const link = await statusLinkTo(testApp, { table: 'candidates', id });
      const button = await openLink(testApp.app, link, '', 'questionnaire');
      expect(button.headers.location).toBe('/status');
    });

    it('withdrawn and not a fit are said as they are, with no road and no promise', async () => {
      const testApp = current();
      for (const [status, stage] of [
        ['withdrawn', 'You have withdrawn. We will not contact you again.'],
        ['not_a_fit', 'We could not take this further for now.'],
      ]) {
        const id = await finishedCandidate(testApp, status!);
        expect((await patchCandidateStatus(testApp.app, id, status!)).statusCode).toBe(200);
        const { lead } = await pageOf(testApp, 'candidates', id);
        expect(lead).toMatchObject({ stage, progress: null, next: null, outlook: null });
      }
    });

    it("a company's road: requested, contacted, in discussion, partner", async () => {
      const testApp = current();
      const email = uniqueEmail('company');
      await sent(testApp.app, '/api/companies/email', validBodies.companyEmail(email));
      await sent(testApp.app, '/api/companies/submit', validBodies.companyRequest(email));
      const [company] = await companiesWithEmail(testApp.db, email);
      const path = `/api/company-submissions/${company!.id}`;
      expect((await patchStatus(testApp.app, path, 'in_discussion')).statusCode).toBe(200);
      const { lead } = await pageOf(testApp, 'companies', company!.id);
      expect(road(lead)).toEqual(['Requested ✓', 'Contacted ✓', 'In discussion ✓', 'Partner']);
      expect(lead?.outlook).toBe(NOTHING_TO_DO);
    });
  },
  { env: { ...adminEnv, CLIENT_DIR } },
);
