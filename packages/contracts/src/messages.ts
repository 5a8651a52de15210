import { z } from 'zod/mini';

/**
 * zod/mini brings no issue messages of its own (classic zod set English when it loaded), so
 * whoever shows a zod issue to a person loads zod's English messages first. Loaded on demand:
 * the pages that only check answers do not carry them. Issues found before the call keep
 * zod's generic "Invalid input"; parse again afterwards to word them.
 */
export async function loadZodMessages(): Promise<void> {
  const { default: en } = await import('zod/v4/locales/en.js');
  z.config(en());
}
