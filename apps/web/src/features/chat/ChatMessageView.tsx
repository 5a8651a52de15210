import { Button, cn } from '../../ui';
import type { ShownMessage } from './useChat';

interface Props {
  message: ShownMessage;
  /** Something is selected in the document, so 'Replace selection' can act. */
  hasSelection: boolean;
  onInsert(text: string): void;
  onReplace(text: string): void;
  onCopy(text: string): void;
}

/** What a reply's state adds under its text. */
function stateNote(message: ShownMessage): string | null {
  if (message.state === 'stopped') return 'Stopped';
  if (message.state === 'failed') return 'No reply came back. Please try again.';
  return null;
}

/** One message of the conversation; Bree's finished replies carry Insert at cursor, Replace selection and Copy. */
export function ChatMessageView({ message, hasSelection, onInsert, onReplace, onCopy }: Props) {
  const mine = message.role === 'user';
  const note = stateNote(message);
  const usable = !mine && message.state !== 'streaming' && message.content.trim() !== '';
  return (
    <li
      className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
      data-testid={mine ? 'chat-question' : 'chat-reply'}
      data-state={message.state}
    >
      <span className="sr-only">{mine ? 'You said:' : 'Bree said:'}</span>
      <div className={cn('max-w-[92%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap', mine ? 'bg-accent text-white' : 'bg-cream text-ink')}>
        {message.content}
        {message.state === 'streaming' && (
          <span className="ml-0.5 inline-block animate-pulse" aria-hidden="true">
            ▍
          </span>
        )}
      </div>
      {note && <p className="text-xs text-muted">{note}</p>}
      {usable && (
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="ghost" onMouseDown={(e) => e.preventDefault()} onClick={() => onInsert(message.content)}>
            Insert at cursor
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={!hasSelection}
            title={hasSelection ? undefined : 'Select text in the document to replace it'}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onReplace(message.content)}
          >
            Replace selection
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onCopy(message.content)}>
            Copy
          </Button>
        </div>
      )}
    </li>
  );
}
