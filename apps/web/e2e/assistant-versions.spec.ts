import type { Page } from '@playwright/test';
import { callApi } from './fixtures/api';
import {
  answerVersions,
  DRAFT as ORIGINAL,
  DRAFT_VERSIONS as VERSIONS,
  test,
  expect,
  openDoc,
  paragraphs,
  requestsAbout,
  selectParagraph,
  signUp,
  suggestionCard,
} from './fixtures/assistant';

async function enhance(page: Page): Promise<void> {
  await selectParagraph(page, ORIGINAL);
  await page.getByRole('toolbar', { name: 'Assistant actions' }).getByRole('button', { name: 'Enhance' }).click();
}

test("Try another: three versions, '1 of 3' navigation, Accept takes the one shown", async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = `Versions intro ${Date.now()}.`;
  const remove = answerVersions(ai, intro);
  try {
    await openDoc(page, ai.server, [intro, ORIGINAL]);
    const editor = page.getByTestId('editor');
    const preview = editor.getByTestId('ai-preview');
    await enhance(page);
    const card = suggestionCard(page);
    await expect(preview).toHaveText(VERSIONS[0]!);
    // One version: nothing to move between yet.
    await expect(card.getByRole('group', { name: 'Versions' })).toHaveCount(0);

    const tryAnother = card.getByRole('button', { name: 'Try another' });
    await tryAnother.click();
    await expect(card.getByTestId('ai-version')).toHaveText('2 of 2');
    await expect(preview).toHaveText(VERSIONS[1]!);
    await tryAnother.click();
    await expect(card.getByTestId('ai-version')).toHaveText('3 of 3');
    await expect(preview).toHaveText(VERSIONS[2]!);

    // The third is the last: the button stays reachable and says why it does nothing.
    await expect(tryAnother).toBeDisabled();
    await tryAnother.focus();
    await expect(page.getByRole('tooltip')).toHaveText('A suggestion has at most 3 versions.');
    await expect(card.getByRole('button', { name: 'Next version' })).toBeDisabled();

    await card.getByRole('button', { name: 'Previous version' }).click();
    await expect(card.getByTestId('ai-version')).toHaveText('2 of 3');
    await expect(preview).toHaveText(VERSIONS[1]!);
    // The keyboard moves too, and the Original tab stays one click away.
    await card.getByRole('button', { name: 'Previous version' }).press('Enter');
    await expect(card.getByTestId('ai-version')).toHaveText('1 of 3');
    await card.getByRole('button', { name: 'Next version' }).press('Enter');
    await expect(card.getByTestId('ai-version')).toHaveText('2 of 3');
    await card.getByRole('tab', { name: 'Original' }).click();
    await expect(editor.getByText(ORIGINAL)).toBeVisible();
    await card.getByRole('tab', { name: 'Enhanced' }).click();
    await expect(preview).toHaveText(VERSIONS[1]!);

    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toBeHidden();
    await expect.poll(() => paragraphs(page)).toEqual([intro, VERSIONS[1]]);

    // Three metered operations, each asked to differ from the versions before it.
    const asked = requestsAbout(ai.fake, intro);
    expect(asked).toHaveLength(3);
    expect(asked[0]!.text).not.toContain('<earlier');
    expect(asked[2]!.text).toContain(`<earlier version="1">\n${VERSIONS[0]}\n</earlier>`);
    expect(asked[2]!.text).toContain(`<earlier version="2">\n${VERSIONS[1]}\n</earlier>`);
  } finally {
    remove();
  }
});

test('a fast writer: a double click asks once, and Accept while another version is written takes the shown one for good', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = `Fast intro ${Date.now()}.`;
  const remove = answerVersions(ai, intro);
  // The third version arrives word by word, slowly enough to be accepted over.
  const words = VERSIONS[2]!.split(' ').map((word, i) => (i ? ` ${word}` : word));
  const slow = ai.fake.answer((r) => r.text.includes(intro) && r.text.includes('<earlier version="2">'), { kind: 'stream', chunks: words, intervalMs: 250 });
  try {
    const fileId = await openDoc(page, ai.server, [intro, ORIGINAL]);
    await enhance(page);
    const card = suggestionCard(page);
    await expect(page.getByTestId('editor').getByTestId('ai-preview')).toHaveText(VERSIONS[0]!);
    const tryAnother = card.getByRole('button', { name: 'Try another' });
    await tryAnother.dblclick();
    await expect(card.getByTestId('ai-version')).toHaveText('2 of 2');
    expect(requestsAbout(ai.fake, intro)).toHaveLength(2);

    await tryAnother.click();
    await expect(card.getByText('Writing another version…')).toBeVisible();
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toBeHidden();
    await expect.poll(() => paragraphs(page)).toEqual([intro, VERSIONS[1]]);
    // The late version is followed to its end and its stored result deleted: it never comes back.
    await expect.poll(async () => (await callApi<{ premiumCalls: number }>(page, 'GET', '/usage/current')).premiumCalls, { timeout: 20_000 }).toBe(3);
    await expect.poll(async () => (await callApi<{ responses: unknown[] }>(page, 'GET', `/background-responses/${fileId}`)).responses).toEqual([]);
    expect(await paragraphs(page)).toEqual([intro, VERSIONS[1]]);
  } finally {
    slow();
    remove();
  }
});

test('a failed Try another shows its error and keeps the earlier version, which Accept still takes', async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = `Failing intro ${Date.now()}.`;
  const remove = answerVersions(ai, intro);
  const failing = ai.fake.answer((r) => r.text.includes(intro) && r.text.includes('<earlier version="1">'), { kind: 'status', status: 400 });
  try {
    await openDoc(page, ai.server, [intro, ORIGINAL]);
    await enhance(page);
    const card = suggestionCard(page);
    const preview = page.getByTestId('editor').getByTestId('ai-preview');
    await expect(preview).toHaveText(VERSIONS[0]!);
    await card.getByRole('button', { name: 'Try another' }).click();
    await expect(card.getByRole('alert')).toBeVisible({ timeout: 30_000 });
    await expect(preview).toHaveText(VERSIONS[0]!);
    await expect(card.getByRole('button', { name: 'Try another' })).toBeEnabled();
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => paragraphs(page)).toEqual([intro, VERSIONS[0]]);
  } finally {
    failing();
    remove();
  }
});

test("the card's voice match line appears once the voice has been analysed, and not before", async ({ page, ai }) => {
  await signUp(page, ai.server);
  const intro = `Voice intro ${Date.now()}.`;
  const remove = answerVersions(ai, intro);
  const guide = ai.fake.answer(/Write the style guide for this author/, '- Plain sentences with a comma or two.');
  try {
    for (const [name, content] of [
      [
        'Morning',
        'The kettle sang before I was ready for it, and I stood at the window for a while. The rain walked across the field, slow and grey, the way it does in March.',
      ],
      [
        'North',
        'We drove north in the old car, and my sister counted sheep until she fell asleep. I kept driving, and the road went on under the lights for hours.',
      ],
    ]) {
      await callApi(page, 'POST', '/files/create', { filePath: `${name}.txt`, content, isRepository: true });
    }
    await openDoc(page, ai.server, [intro, ORIGINAL]);
    const card = suggestionCard(page);
    await enhance(page);
    await expect(page.getByTestId('editor').getByTestId('ai-preview')).toHaveText(VERSIONS[0]!);
    await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(card.getByTestId('voice-match')).toHaveCount(0);
    await card.getByRole('button', { name: 'Reject' }).click();
    await expect(card).toBeHidden();

    await page.getByRole('tab', { name: 'Voice' }).first().click();
    await page.getByRole('button', { name: 'Analyze my voice' }).click();
    await expect(page.getByText('Voice profile updated')).toBeVisible({ timeout: 20_000 });

    await enhance(page);
    await expect(card.getByTestId('voice-match')).toHaveText(/^Voice match \d{1,3} · original \d{1,3}$/);
    // Each version shows its own score.
    const first = await card.getByTestId('voice-match').textContent();
    await card.getByRole('button', { name: 'Try another' }).click();
    await expect(card.getByTestId('ai-version')).toHaveText('2 of 2');
    await expect(card.getByTestId('voice-match')).toHaveText(/^Voice match \d{1,3} · original \d{1,3}$/);
    await card.getByRole('button', { name: 'Previous version' }).click();
    await expect(card.getByTestId('voice-match')).toHaveText(first!);
  } finally {
    guide();
    remove();
  }
});
