import { FeedbackManagement } from './feedback/FeedbackManagement';

/** The portal's Feedback section: Feedback Management (docs/PRODUCT.md#admin). */
export function FeedbackSection() {
  return <FeedbackManagement />;
}
