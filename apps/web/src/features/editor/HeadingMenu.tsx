import { useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { Menu, MenuItem, MenuRadioGroup, MenuRadioItem, MenuSeparator, cn } from '../../ui';
import { SHORTCUTS, ariaKeys, formatKeys } from './shortcuts';

type Level = 1 | 2 | 3 | 4 | 5 | 6;
/** The heading levels of the document schema (packages/editor: 1–6). */
const LEVELS: Level[] = [1, 2, 3, 4, 5, 6];

/** What each choice looks like in the menu: a preview of the style, as in Google Docs. */
const PREVIEW: Record<string, string> = {
  paragraph: 'font-serif text-base',
  h1: 'font-serif text-2xl font-bold',
  h2: 'font-serif text-xl font-bold',
  h3: 'font-serif text-lg font-semibold',
  h4: 'font-serif text-base font-semibold',
  h5: 'font-serif text-sm font-semibold',
  h6: 'font-serif text-xs font-semibold uppercase tracking-wide',
  codeBlock: 'font-mono text-sm',
};

/** Each style's keys, from the one shortcut table (TipTap's own: Mod-Alt-0 for normal text, Mod-Alt-1…6 for headings). */
function shortcut(value: string) {
  const keys = SHORTCUTS[value === 'paragraph' ? 'paragraph' : (`heading${value.slice(1)}` as `heading${Level}`)].keys;
  return { label: formatKeys({ keys }), aria: ariaKeys({ keys }) };
}

export function blockStyleLabel(value: string): string {
  if (value === 'codeBlock') return 'Code block';
  return value === 'paragraph' ? 'Normal text' : `Heading ${value.slice(1)}`;
}

/** One dropdown for the text style of the current block: Normal text, Heading 1–6 or Code block; and a Divider. */
export function HeadingMenu({ editor }: { editor: Editor }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const level = LEVELS.find((l) => e.isActive('heading', { level: l }));
      return { value: e.isActive('codeBlock') ? 'codeBlock' : level ? `h${level}` : 'paragraph' };
    },
  });
  const label = blockStyleLabel(s.value);
  const choose = (value: string) => {
    // setHeading (not toggle): choosing the current style again leaves it as it is. In a list the
    // item is lifted out first, as TipTap does.
    const chain = editor.chain().focus();
    if (value === 'paragraph') chain.setParagraph().run();
    else if (value === 'codeBlock') chain.setCodeBlock().run();
    else chain.setHeading({ level: Number(value.slice(1)) as Level }).run();
  };
  return (
    <Menu
      label="Text style"
      align="start"
      trigger={
        <button
          type="button"
          aria-label={`Text style: ${label}`}
          title="Text style"
          // Keeps the selection in the editor while the button is pressed.
          onMouseDown={(e) => e.preventDefault()}
          className={cn(
            'inline-flex h-9 w-32 shrink-0 items-center justify-between gap-1 rounded-md px-2 text-sm text-ink-soft',
            'hover:bg-cream-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent data-[state=open]:bg-cream-deep',
          )}
        >
          <span className="truncate">{label}</span>
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-3.5 shrink-0" aria-hidden="true">
            <path d="m5 8 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      }
    >
      <MenuRadioGroup value={s.value} onValueChange={choose}>
        <MenuRadioItem value="paragraph" shortcut={shortcut('paragraph')}>
          <span className={PREVIEW.paragraph}>Normal text</span>
        </MenuRadioItem>
        {LEVELS.map((level) => (
          <MenuRadioItem key={level} value={`h${level}`} shortcut={shortcut(`h${level}`)}>
            <span className={PREVIEW[`h${level}`]}>Heading {level}</span>
          </MenuRadioItem>
        ))}
        <MenuRadioItem value="codeBlock">
          <span className={PREVIEW.codeBlock}>Code block</span>
        </MenuRadioItem>
      </MenuRadioGroup>
      <MenuSeparator />
      {/* A divider is not a style of the block: it goes in after it (as the '/' menu's Divider). */}
      <MenuItem onSelect={() => editor.chain().focus().setHorizontalRule().run()}>Divider</MenuItem>
    </Menu>
  );
}
