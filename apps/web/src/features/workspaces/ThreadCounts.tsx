import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { WORKSPACES } from '@bree/contracts';
import { cn } from '../../ui';
import { threadPosts } from './rules';
import type { ThreadPost } from './rules';

function postsOf(editor: Editor): ThreadPost[] {
  const texts: string[] = [];
  editor.state.doc.forEach((node) => texts.push(node.textContent));
  return threadPosts(texts);
}

/**
 * A Threadify variant reads as a thread: each paragraph is drawn as a post card (CSS on
 * `.bree-thread`), and this list gives each post's characters out of 280, for screen readers too.
 */
export function ThreadCounts({ editor }: { editor: Editor }) {
  const [posts, setPosts] = useState(() => postsOf(editor));
  useEffect(() => {
    // 'transaction', not 'update': a reload after 'Update from master' changes the text without an edit.
    const refresh = () => setPosts(postsOf(editor));
    editor.on('transaction', refresh);
    return () => {
      editor.off('transaction', refresh);
    };
  }, [editor]);
  return (
    <section aria-label="Thread" className="mb-3 rounded-md border border-line bg-cream/60 px-3 py-2 text-xs text-ink-soft">
      <p className="font-medium text-ink">
        Thread of {posts.length} {posts.length === 1 ? 'post' : 'posts'}
      </p>
      <ol className="mt-1 flex flex-wrap gap-x-3 gap-y-1" data-testid="thread-counts">
        {posts.map((post, i) => (
          <li key={i} className={cn('tabular-nums', post.over && 'font-medium text-danger')}>
            Post {i + 1}: {post.length}/{WORKSPACES.maxThreadPost}
          </li>
        ))}
      </ol>
    </section>
  );
}
