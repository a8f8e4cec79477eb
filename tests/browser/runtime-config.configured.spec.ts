import { expect, test } from './fixtures';
import { CONFIGURED } from './support/outside-world';

test('the server hands its run-time settings to every page, without a rebuild', async ({
  request,
}) => {
  for (const route of ['/', '/candidates', '/does-not-exist']) {
    const html = await (await request.get(route)).text();
    const block = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(block?.[1] ?? 'null'), route).toEqual({
      metaPixelId: CONFIGURED.pixelId,
      consentMode: 'notice',
      questionnaireUrl: CONFIGURED.questionnaireUrl,
    });
  }
});
