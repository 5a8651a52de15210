import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VOICE_ERROR_MESSAGES } from '@bree/contracts';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from '../../server/test/fakes/fake-ai-provider';
import { fakeTranscriptionEnv, startFakeTranscription, type FakeTranscription } from '../../server/test/fakes/fake-transcription';
import { speechWav } from '../../server/test/fakes/speech';
import { test as base, expect, newAccount, AuthPages } from './fixtures/bree';
import { caretAtEnd, openDoc, selectParagraph } from './fixtures/assistant';
import { apiAnswer } from './fixtures/api';
import { DICTATION_NOT_SET_UP } from '../src/features/dictation/errors';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './fixtures/chromium';
import { startBree, removeDataDir, type BreeServer } from './fixtures/server';
import { allowConsoleErrors, failedLoad } from './fixtures/console-watch';

/** Real speech (espeak-ng, resampled by sox) that Chromium's fake microphone plays in a loop. */
const speechFile = path.join(mkdtempSync(path.join(tmpdir(), 'bree-dictation-')), 'speech.wav');
writeFileSync(speechFile, speechWav('So the garden was quiet this morning, and the roses were open.'));

/** What the fake speech-to-text "hears", and the polish the fake chat model answers for it. */
const HEARD = 'um so the garden was quiet this morning';
const POLISHED = 'The garden was quiet this morning.';

interface VoiceBree {
  server: BreeServer;
  chat: FakeAiProvider;
  stt: FakeTranscription;
}

const test = base.extend<object, { voice: VoiceBree }>({
  voice: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring to see no fixture dependencies
    async ({}, use) => {
      const chat = await startFakeAiProvider();
      const stt = await startFakeTranscription();
      const server = await startBree({ env: { ...fakeAiEnv(chat), ...fakeTranscriptionEnv(stt) } });
      await use({ server, chat, stt });
      await server.stop();
      removeDataDir(server.dataDir);
      await chat.close();
      await stt.close();
    },
    { scope: 'worker' },
  ],
});

// Provoked on purpose (fixtures/console-watch.ts): The failure tests make the transcription fail (502) or the plan refuse it (402) on purpose.
test.use(allowConsoleErrors(failedLoad({ status: 502, path: '/api/dictations' }), failedLoad({ status: 402, path: '/api/dictations' })));

// A fake microphone playing the speech file; whether the page may use it is the context's permission.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${speechFile}`],
  },
});

const PARAGRAPH = 'Notes from the morning walk.';

test.describe('dictation with the microphone allowed', () => {
  test.use({ permissions: ['microphone'] });

  test.beforeEach(({ voice }) => {
    voice.stt.always({ kind: 'text', text: HEARD });
    voice.chat.answer(/Polish the dictated text/, POLISHED);
  });

  test('live words appear greyed while speaking, then the polished text replaces them in one undo step', async ({ page, voice }) => {
    await new AuthPages(page, voice.server).signUpOverHttp(newAccount('dictation'));
    await openDoc(page, voice.server, [PARAGRAPH]);
    await caretAtEnd(page, PARAGRAPH);
    const editor = page.getByTestId('editor');
    await page.getByRole('button', { name: 'Dictate', exact: true }).click();

    await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
    await expect(page.getByTestId('dictation-timer')).toHaveText(/0:0[1-9]/);
    // A chunk of a few seconds went to the server, and its words show greyed at the caret.
    const preview = editor.getByTestId('dictation-preview');
    await expect(preview).toContainText(HEARD, { timeout: 15_000 });
    await expect(preview).toHaveCSS('font-style', 'italic');
    expect(voice.stt.requests.some((r) => r.bytes.length > 0)).toBe(true);

    // Once the words are in, the page tells the server, which then does not write them again (docs/DICTATION.md).
    const acknowledged = page.waitForResponse((r) => r.url().endsWith('/api/dictations/received') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Stop dictation' }).click();
    await expect(editor).toContainText(`${PARAGRAPH} ${POLISHED}`);
    expect((await acknowledged).status()).toBe(200);
    await expect(preview).toHaveCount(0);
    await expect(editor).not.toContainText(HEARD);
    // The polished words carry the dictation's provenance mark; the paragraph before them is the writer's.
    await expect(editor.locator('.bree-ai-text[data-ai-action="dictation"]')).toContainText(POLISHED);
    await expect(editor.locator('.bree-ai-text')).not.toContainText(PARAGRAPH);
    // The polish prompt carried the words heard; the final recording was a real WebM take.
    expect(voice.chat.requests.at(-1)?.text).toContain(HEARD);
    expect(Buffer.from(voice.stt.requests.at(-1)!.bytes.subarray(0, 4)).toString('hex')).toBe('1a45dfa3');

    await page.keyboard.press('ControlOrMeta+z');
    await expect(editor).not.toContainText(POLISHED);
    await expect(editor).toContainText(PARAGRAPH);
  });

  test('dictates into the Modify instruction', async ({ page, voice }) => {
    await new AuthPages(page, voice.server).signUpOverHttp(newAccount('dictation'));
    await openDoc(page, voice.server, [PARAGRAPH]);
    await selectParagraph(page, PARAGRAPH);
    await page.getByRole('button', { name: 'Modify' }).click();
    const actions = page.getByTestId('ai-actions');
    await actions.getByRole('button', { name: 'Dictate', exact: true }).click();
    await expect(actions.getByTestId('dictation-timer')).toBeVisible();
    await actions.getByRole('button', { name: 'Stop dictation' }).click();
    await expect(page.getByPlaceholder('How should this text be rewritten?')).toHaveValue(POLISHED);
    // The document itself is untouched.
    await expect(page.getByTestId('editor')).not.toContainText(POLISHED);
  });

  test('the text still arrives when the tab closes while it is transcribed, and the list shows the row first meanwhile', async ({ page, context, voice }) => {
    await new AuthPages(page, voice.server).signUpOverHttp(newAccount('dictation'));
    const fileId = await openDoc(page, voice.server, [PARAGRAPH]);
    await apiAnswer(page, 'POST', '/files/create', { filePath: `Newer ${Date.now()}.txt`, content: 'A newer document.' });
    await caretAtEnd(page, PARAGRAPH);
    await page.getByRole('button', { name: 'Dictate', exact: true }).click();
    await expect(page.getByTestId('dictation-timer')).toHaveText(/0:0[1-9]/);
    const release = voice.stt.pause();
    const sent = page.waitForRequest((r) => /\/api\/dictations\?/.test(r.url()));
    await page.getByRole('button', { name: 'Stop dictation' }).click();
    await sent;

    const list = await context.newPage();
    await list.goto(`${voice.server.url}/app`);
    // The newest document is another one; the one being transcribed still comes first.
    await expect(list.getByRole('listitem').first()).toContainText('Transcribing…');
    await page.close();
    // A request after the close goes through the same browser network process, after the closed
    // tab's connection was dropped: once it is answered, Bree has seen that the writer left.
    expect((await apiAnswer(list, 'GET', '/usage/current')).status).toBe(200);
    release();
    // Written by the server into the document, since no page was left to receive it.
    await expect
      .poll(async () => {
        const answer = await apiAnswer<{ file: { contentText?: string; metadata: { isTranscribing?: boolean } } }>(list, 'POST', '/files/get', { fileId });
        return answer.body.file.metadata.isTranscribing ? 'transcribing' : JSON.stringify(answer.body.file);
      })
      .toContain(POLISHED);
    await list.goto(`${voice.server.url}/app/${fileId}`);
    await expect(list.getByTestId('editor')).toContainText(`${PARAGRAPH}${POLISHED}`);
  });

  test('says failed to transcribe audio when the model fails', async ({ page, voice }) => {
    await new AuthPages(page, voice.server).signUpOverHttp(newAccount('dictation'));
    await openDoc(page, voice.server, [PARAGRAPH]);
    await caretAtEnd(page, PARAGRAPH);
    voice.stt.always({ kind: 'status', status: 500 });
    await page.getByRole('button', { name: 'Dictate', exact: true }).click();
    await expect(page.getByTestId('dictation-timer')).toHaveText(/0:0[1-9]/);
    await page.getByRole('button', { name: 'Stop dictation' }).click();
    await expect(page.getByText(VOICE_ERROR_MESSAGES.transcribeFailed)).toBeVisible();
    await expect(page.getByTestId('editor')).toHaveText(PARAGRAPH);
  });

  test('says voice minutes quota exceeded on a plan without voice minutes', async ({ page, voice }) => {
    test.slow(); // A second Bree starts for this test.
    const free = await startBree({ env: { ...fakeAiEnv(voice.chat), ...fakeTranscriptionEnv(voice.stt), DEFAULT_PLAN: 'free' } });
    try {
      await new AuthPages(page, free).signUpOverHttp(newAccount('dictation-free'));
      await openDoc(page, free, [PARAGRAPH]);
      await caretAtEnd(page, PARAGRAPH);
      const before = voice.stt.requests.length;
      await page.getByRole('button', { name: 'Dictate', exact: true }).click();
      await expect(page.getByTestId('dictation-timer')).toHaveText(/0:0[1-9]/);
      await page.getByRole('button', { name: 'Stop dictation' }).click();
      await expect(page.getByText(VOICE_ERROR_MESSAGES.voiceMinutesExceeded)).toBeVisible();
      expect(voice.stt.requests.length).toBe(before);
    } finally {
      await page.goto('about:blank'); // nothing the page loads later meets a stopped server
      await free.stop();
      removeDataDir(free.dataDir);
    }
  });
});

test.describe('dictation on a server without a transcription model', () => {
  test('the microphone says dictation is not set up before any click', async ({ page, voice }) => {
    test.slow(); // A second Bree starts for this test.
    const bare = await startBree({ env: fakeAiEnv(voice.chat) });
    try {
      await new AuthPages(page, bare).signUpOverHttp(newAccount('dictation-off'));
      await openDoc(page, bare, [PARAGRAPH]);
      const mic = page.getByRole('button', { name: 'Dictate', exact: true });
      await expect(mic).toHaveAttribute('aria-disabled', 'true');
      await expect(mic).toHaveAccessibleDescription(DICTATION_NOT_SET_UP);
      await mic.click({ force: true });
      await expect(page.getByRole('tooltip', { name: DICTATION_NOT_SET_UP })).toBeVisible();
      await expect(page.getByTestId('dictation-timer')).toHaveCount(0);
    } finally {
      await page.goto('about:blank'); // nothing the page loads later meets a stopped server
      await bare.stop();
      removeDataDir(bare.dataDir);
    }
  });
});

test.describe('dictation with the microphone refused', () => {
  test('says microphone access denied and records nothing', async ({ page, voice }) => {
    await new AuthPages(page, voice.server).signUpOverHttp(newAccount('dictation-denied'));
    await openDoc(page, voice.server, [PARAGRAPH]);
    await caretAtEnd(page, PARAGRAPH);
    await page.getByRole('button', { name: 'Dictate', exact: true }).click();
    await expect(page.getByText(VOICE_ERROR_MESSAGES.microphoneDenied)).toBeVisible();
    await expect(page.getByTestId('dictation-timer')).toHaveCount(0);
  });
});
