import { authorshipPercent } from '@bree/contracts';
import type { Authorship } from '@bree/contracts';

/** How a version was written, for the history list: 'AI-assisted 18 %', 'Written by you', or null without figures or text. */
export function versionAuthorshipLabel(authorship: Authorship | null | undefined): string | null {
  if (!authorship) return null;
  const percent = authorshipPercent(authorship);
  if (!percent) return null;
  return percent.ai === 0 ? 'Written by you' : `AI-assisted ${percent.ai} %`;
}
