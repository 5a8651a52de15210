import { FeedbackManagement } from './feedback/FeedbackManagement';

/** The portal's Feedback section: Feedback Management (spec 3 §2.7, §4.5–§4.7). */
export function FeedbackSection() {
  return <FeedbackManagement />;
}
