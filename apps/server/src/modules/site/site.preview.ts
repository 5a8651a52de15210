import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PRODUCT_NAME } from '@bree/contracts';

/** What a preview card shows: the page's title, who it is by, and what kind of page it is. */
export interface PreviewCard {
  title: string;
  /** The author line ('By …'), or null for none. */
  author: string | null;
  /** The small label above the title: 'Blog', 'Updates', 'Shared document'… */
  label: string;
}

export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
/** Rendered cards kept in memory, least recently used dropped first (a card is 20–60 KB). */
const CACHE_ENTRIES = 200;
/** A title longer than this is cut with an ellipsis: the card holds four lines at 64 px. */
const TITLE_MAX = 120;

const COLORS = { paper: '#fbf7ee', ink: '#1f1b16', muted: '#655d52', accent: '#5b4bc4', line: '#e6dfd1' };

// Inter as @fontsource ships it (WOFF, which satori reads): on disk with the packages, no network at run time.
const require = createRequire(import.meta.url);
const fontFile = (weight: 400 | 700) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

/**
 * satori's own type declarations import React's, whose global DOM stand-ins break the server's
 * compile (files.export.ts reads real DOM nodes from happy-dom): it is loaded by a name the compiler
 * does not follow, typed here with the one call Bree makes.
 */
const SATORI_MODULE: string = 'satori';
type Satori = (
  element: unknown,
  options: { width: number; height: number; fonts: Array<{ name: string; data: Buffer; weight: number; style: 'normal' }> },
) => Promise<string>;

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | string | Array<Node | string> } };
const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({ type, props: { style, children } });

function cut(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** The card as satori's element tree: label, title, author and the site's name, on the site's cream paper. */
function cardTree(card: PreviewCard): Node {
  const title = cut(card.title, TITLE_MAX) || PRODUCT_NAME;
  const size = [...title].length > 60 ? 56 : 68;
  return el(
    'div',
    {
      // satori sizes the content box: the padding and the border come on top.
      width: PREVIEW_SIZE.width - 160,
      height: PREVIEW_SIZE.height - 72 - 56 - 16,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      paddingTop: 72,
      paddingRight: 80,
      paddingBottom: 56,
      paddingLeft: 80,
      backgroundColor: COLORS.paper,
      borderBottom: `16px solid ${COLORS.accent}`,
      fontFamily: 'Inter',
      color: COLORS.ink,
    },
    [
      el('div', { display: 'flex', flexDirection: 'column', maxHeight: 380, overflow: 'hidden' }, [
        el('div', { fontSize: 30, fontWeight: 700, color: COLORS.accent, marginBottom: 28 }, cut(card.label, 60)),
        el('div', { fontSize: size, fontWeight: 700, lineHeight: 1.15, maxHeight: size * 1.15 * 4, overflow: 'hidden' }, title),
      ]),
      el('div', { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', borderTop: `2px solid ${COLORS.line}`, paddingTop: 28 }, [
        el('div', { fontSize: 32, color: COLORS.muted }, card.author ? cut(card.author, 60) : ''),
        el('div', { fontSize: 40, fontWeight: 700 }, PRODUCT_NAME),
      ]),
    ],
  );
}

/**
 * Preview images (og:image) drawn on the server with satori (layout to SVG) and resvg (SVG to
 * PNG): no browser. Each card is cached by the hash of what it shows, so a crawler's repeated
 * fetches and every share of the same text cost one rendering.
 */
export function createPreviewImages() {
  const cache = new Map<string, Buffer>();
  let fonts: Promise<Array<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }>> | null = null;
  const loadFonts = () =>
    (fonts ??= Promise.all(
      ([400, 700] as const).map(async (weight) => ({ name: 'Inter', data: await readFile(fontFile(weight)), weight, style: 'normal' as const })),
    ));

  async function render(card: PreviewCard): Promise<Buffer> {
    // Loaded with the first card asked for, not at start.
    const [{ default: satori }, { Resvg }] = await Promise.all([import(SATORI_MODULE) as Promise<{ default: Satori }>, import('@resvg/resvg-js')]);
    const svg = await satori(cardTree(card), { ...PREVIEW_SIZE, fonts: await loadFonts() });
    return new Resvg(svg, { fitTo: { mode: 'width', value: PREVIEW_SIZE.width } }).render().asPng();
  }

  return {
    /** The content hash a card is cached (and addressed) by. */
    keyOf: (card: PreviewCard) =>
      createHash('sha256')
        .update(JSON.stringify([card.label, card.title, card.author]))
        .digest('base64url')
        .slice(0, 22),
    async png(card: PreviewCard): Promise<Buffer> {
      const key = this.keyOf(card);
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const png = await render(card);
      cache.set(key, png);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return png;
    },
  };
}
export type PreviewImages = ReturnType<typeof createPreviewImages>;
