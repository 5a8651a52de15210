import type { ReactNode } from 'react';
import { isAllowedHref } from '@bree/editor';

interface Node {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type?: string; attrs?: Record<string, unknown> }[];
  content?: Node[];
}

/** Wraps text in its marks; a link keeps an http, https or mailto target only. */
function withMarks(text: string, marks: Node['marks'], key: string): ReactNode {
  return (marks ?? []).reduce<ReactNode>(
    (inner, mark) => {
      switch (mark.type) {
        case 'bold':
          return <strong>{inner}</strong>;
        case 'italic':
          return <em>{inner}</em>;
        case 'underline':
          return <u>{inner}</u>;
        case 'strike':
          return <s>{inner}</s>;
        case 'code':
          return <code>{inner}</code>;
        case 'link': {
          const href = mark.attrs?.href;
          return isAllowedHref(href) ? (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {inner}
            </a>
          ) : (
            inner
          );
        }
        default:
          return inner;
      }
    },
    <span key={key}>{text}</span>,
  );
}

function renderNode(node: Node, key: string): ReactNode {
  const children = (node.content ?? []).map((child, i) => renderNode(child, `${key}.${i}`));
  switch (node.type) {
    case 'doc':
      return <>{children}</>;
    case 'paragraph':
      return <p key={key}>{children}</p>;
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level) || 1));
      const Tag = `h${level}` as 'h1';
      return <Tag key={key}>{children}</Tag>;
    }
    case 'bulletList':
      return <ul key={key}>{children}</ul>;
    case 'orderedList': {
      const start = Number(node.attrs?.start);
      return (
        <ol key={key} start={Number.isInteger(start) && start !== 1 ? start : undefined}>
          {children}
        </ol>
      );
    }
    case 'listItem':
      return <li key={key}>{children}</li>;
    case 'hardBreak':
      return <br key={key} />;
    case 'text':
      return withMarks(node.text ?? '', node.marks, key);
    default:
      // A node this reader does not know still shows its text.
      return children.length > 0 ? <span key={key}>{children}</span> : null;
  }
}

/**
 * A stored document tree as React elements: text is always text (React escapes it), so the
 * reader's page needs no HTML string and no sanitiser. Mirrors the server's rendering of the same tree.
 */
export function DocumentView({ content }: { content: unknown }) {
  return <div className="bree-prose">{renderNode((content ?? {}) as Node, 'd')}</div>;
}
