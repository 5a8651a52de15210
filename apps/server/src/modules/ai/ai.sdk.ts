import { createRequire } from 'node:module';
import type * as AiSdk from 'ai';

// The AI SDK and its providers load with the first model call, not at start: a server without AI
// set up never loads them, and one with AI answers its first requests without waiting for them.

let imported: typeof AiSdk | null = null;
let importing: Promise<typeof AiSdk> | null = null;

/** The AI SDK, imported with the first call that needs it. */
export function loadAiSdk(): Promise<typeof AiSdk> {
  importing ??= import('ai').then((sdk) => (imported = sdk));
  return importing;
}

/**
 * The SDK's error classes, for checks that cannot wait. After a model call they come from the
 * imported SDK; before one, from its CommonJS build, whose `isInstance` recognises the same errors
 * (the SDK marks them with global symbols).
 */
export function aiSdkErrors(): Pick<typeof AiSdk, 'APICallError' | 'RetryError'> {
  imported ??= createRequire(import.meta.url)('ai') as typeof AiSdk;
  return imported;
}

/** Makes a value with its first use and keeps it: a provider's model is built once, when first called. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
}
