import { useState } from 'react';
import { POST_CATEGORIES, PUBLISHING, slugFromTitle, type PostCategory, type PublishableDocument } from '@bree/contracts';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/toast';
import { Button, Input, Label } from '../../ui';
import { usePublishingAction, type PublishingAction } from './api';

const DONE: Record<PublishingAction, string> = { draft: 'Draft saved', publish: 'Published', unpublish: 'Unpublished' };
const CATEGORY_LABELS: Record<PostCategory, string> = { updates: 'Updates', blog: 'Blog' };

/**
 * The draft of one document's post: title, slug (derived from the title by the rule in docs/PRODUCT.md#admin until
 * the editor types their own), excerpt and category; Save draft, Publish and Unpublish.
 */
export function PostEditor({ document }: { document: PublishableDocument }) {
  const post = document.post;
  const [title, setTitle] = useState(post?.title ?? document.name);
  const [slug, setSlug] = useState(post?.slug ?? slugFromTitle(document.name));
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [excerpt, setExcerpt] = useState(post?.excerpt ?? '');
  const [category, setCategory] = useState<PostCategory>(post?.category ?? 'blog');
  const action = usePublishingAction();
  const running = action.isPending ? action.variables.action : null;

  const run = (kind: PublishingAction) =>
    action.mutate(
      { fileId: document.fileId, action: kind, draft: { title: title.trim(), slug, excerpt, category } },
      {
        onSuccess: () => notify.success(DONE[kind]),
        onError: (error) => notify.error(errorMessage(error, 'Please try again.')),
      },
    );
  const canSave = title.trim() !== '' && slug !== '';

  return (
    <form className="space-y-4" onSubmit={(e) => e.preventDefault()} aria-label="Post draft">
      <Input
        label="Title"
        value={title}
        maxLength={PUBLISHING.maxTitleLength}
        onChange={(e) => {
          setTitle(e.target.value);
          if (!slugEdited) setSlug(slugFromTitle(e.target.value));
        }}
      />
      <Input
        label="Slug"
        value={slug}
        maxLength={PUBLISHING.maxSlugLength}
        hint={`Address: /${category}/${slug || '…'}`}
        onChange={(e) => {
          setSlugEdited(true);
          setSlug(slugFromTitle(e.target.value));
        }}
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="post-excerpt">Excerpt</Label>
        <textarea
          id="post-excerpt"
          value={excerpt}
          maxLength={PUBLISHING.maxExcerptLength}
          rows={3}
          onChange={(e) => setExcerpt(e.target.value)}
          className="w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-base text-ink"
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink-soft">Category</legend>
        <div className="mt-1.5 flex gap-4">
          {POST_CATEGORIES.map((c) => (
            <label key={c} className="flex items-center gap-2 text-sm text-ink">
              <input type="radio" name="post-category" value={c} checked={category === c} onChange={() => setCategory(c)} />
              {CATEGORY_LABELS[c]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" disabled={!canSave || action.isPending} loading={running === 'draft'} onClick={() => run('draft')}>
          Save draft
        </Button>
        <Button disabled={!canSave || action.isPending} loading={running === 'publish'} onClick={() => run('publish')}>
          Publish
        </Button>
        <Button
          variant="secondary"
          disabled={post?.status !== 'published' || action.isPending}
          loading={running === 'unpublish'}
          onClick={() => run('unpublish')}
        >
          Unpublish
        </Button>
      </div>
      {post?.status === 'published' && post.url && (
        <p className="text-sm text-ink-soft">
          Published at{' '}
          <a href={post.url} target="_blank" rel="noreferrer" className="text-accent underline">
            {post.url}
          </a>
        </p>
      )}
    </form>
  );
}
