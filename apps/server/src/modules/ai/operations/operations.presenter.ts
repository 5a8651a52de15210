import type { BackgroundResponse } from '@bree/contracts';
import type { BackgroundResponseRow } from '../ai.table';

/** A background response as the editor applies it; tenant ids stay on the server. */
export function presentBackgroundResponse(row: BackgroundResponseRow): BackgroundResponse {
  return {
    operationId: row.operationId,
    documentId: row.documentId,
    operationType: row.operationType,
    status: row.status,
    response: row.response,
    originalContext: row.originalContext,
    createdAt: row.createdAt.toISOString(),
  };
}
