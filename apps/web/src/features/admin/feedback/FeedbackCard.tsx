import { FEEDBACK_MESSAGES, type FeedbackAttachment, type FeedbackItem, type FeedbackUpdateBody } from '@bree/contracts';
import { formatDateTime } from '../../../lib/dates';
import { Button, Card, cn } from '../../../ui';
import { expiryBadge, fileCountText, senderOf } from './rules';

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';
const STATUS_STYLE: Record<FeedbackItem['status'], string> = {
  new: 'bg-blue-100 text-blue-800',
  read: 'bg-amber-100 text-amber-900',
  responded: 'bg-green-100 text-green-800',
};
const STATUS_LABEL: Record<FeedbackItem['status'], string> = { new: 'New', read: 'Read', responded: 'Responded' };

export interface FeedbackCardProps {
  item: FeedbackItem;
  now: number;
  selected: boolean;
  updating: boolean;
  onSelect(selected: boolean): void;
  onUpdate(change: FeedbackUpdateBody): void;
  onAttachment(attachment: FeedbackAttachment, download: boolean): void;
}

/** One feedback item (docs/PRODUCT.md#admin): badges, sender, date, files, message, checkbox and the status buttons. */
export function FeedbackCard({ item, now, selected, updating, onSelect, onUpdate, onAttachment }: FeedbackCardProps) {
  const expiry = expiryBadge(item, now);
  const sender = senderOf(item);
  const label = (text: string) => (updating ? FEEDBACK_MESSAGES.updating : text);
  return (
    <Card className="space-y-3" data-testid="feedback-card" aria-label={`Feedback from ${sender}`}>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="checkbox"
          className="size-4"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={`Select feedback from ${sender}`}
        />
        <span className={cn(BADGE, STATUS_STYLE[item.status])}>{STATUS_LABEL[item.status]}</span>
        {item.preserve && <span className={cn(BADGE, 'bg-violet-100 text-violet-800')}>Preserved</span>}
        {expiry && (
          <span className={cn(BADGE, expiry.urgent ? 'bg-red-100 text-red-800' : 'bg-cream-deep text-ink-soft')} data-urgent={expiry.urgent || undefined}>
            {expiry.label}
          </span>
        )}
        <span className="ml-auto text-xs text-muted">{formatDateTime(item.createdAt)}</span>
      </div>
      <div className="flex flex-wrap gap-x-3 text-sm text-ink-soft">
        <span className="font-medium text-ink">{sender}</span>
        <span>{fileCountText(item.fileCount)}</span>
        <span className="truncate">{item.pageContext}</span>
      </div>
      <p className="text-sm whitespace-pre-wrap text-ink">{item.message}</p>
      {item.uploadedFiles.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {item.uploadedFiles.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2">
              <span className="truncate text-ink-soft">{file.kind === 'screenshot' ? `Screenshot (${file.filename})` : file.filename}</span>
              <Button variant="ghost" size="sm" onClick={() => onAttachment(file, false)} aria-label={`View ${file.filename}`}>
                View
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onAttachment(file, true)} aria-label={`Download ${file.filename}`}>
                Download
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {item.status === 'new' && (
          <Button size="sm" variant="secondary" disabled={updating} onClick={() => onUpdate({ status: 'read' })}>
            {label('Mark Read')}
          </Button>
        )}
        {item.status === 'read' && (
          <Button size="sm" variant="secondary" disabled={updating} onClick={() => onUpdate({ status: 'responded' })}>
            {label('Mark Responded')}
          </Button>
        )}
        <Button size="sm" variant="secondary" disabled={updating} onClick={() => onUpdate({ preserve: !item.preserve })}>
          {label(item.preserve ? 'Unpreserve' : 'Preserve')}
        </Button>
      </div>
    </Card>
  );
}
