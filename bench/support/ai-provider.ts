// The fake AI provider for the AI benchmark, in its own process: a real provider is elsewhere, so
// neither the measuring client nor Bree should wait behind its work. Every request gets the
// scripted stream given as JSON in FAKE_SCRIPT. Prints {baseUrl} as one JSON line, then serves until killed.
import { startFakeAiProvider, type FakeScript } from '../../apps/server/test/fakes/fake-ai-provider';

const script = JSON.parse(process.env.FAKE_SCRIPT ?? '') as FakeScript;
const fake = await startFakeAiProvider();
fake.answer(() => true, script);
console.log(JSON.stringify({ baseUrl: fake.baseUrl }));
process.once('SIGTERM', () => void fake.close().then(() => process.exit(0)));
