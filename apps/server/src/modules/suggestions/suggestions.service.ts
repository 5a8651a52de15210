import { SUGGESTION_MAX_OPEN, SUGGESTION_MESSAGES, type DocumentAccessRole, type Suggestion, type SuggestionListAnswer } from '@bree/contracts';
import { AppError } from '../../lib/errors';
import { roleCovers, type DocumentNeed } from '../grants/grants.service';
import type { ProfileName } from '../tenants/profile-names';
import type { SuggestionsRepository } from './suggestions.repository';
import type { SuggestionRow } from './suggestions.table';

export const suggestionsErrors = {
  /** Unknown ids and those of a document the caller cannot read get the same answer. */
  notFound: () => new AppError({ status: 404, code: 'suggestion_not_found', message: SUGGESTION_MESSAGES.notFound }),
  tooMany: () => new AppError({ status: 409, code: 'too_many_suggestions', message: SUGGESTION_MESSAGES.tooMany }),
};

export interface SuggestionsServiceDeps {
  repository: SuggestionsRepository;
  /** The one grant resolver (grants.service.ts `resolve`). */
  access: (args: { tenantId: string; fileId: string; need: DocumentNeed }) => Promise<{ ownerTenantId: string; role: DocumentAccessRole }>;
  names: (tenantIds: readonly string[]) => Promise<Map<string, ProfileName>>;
  newId: () => string;
  now?: () => Date;
}

type Caller = { tenantId: string };

/**
 * Suggestions (docs/COLLABORATION.md "Suggestions"): a Commenter proposes (need 'comment'), the
 * owner or an Editor decides (need 'edit'). The document itself is never written here: accepting
 * is the reviewer's own edit, saved through the one save path.
 */
export function createSuggestionsService({ repository, access, names, newId, now = () => new Date() }: SuggestionsServiceDeps) {
  const present = (row: SuggestionRow, caller: string, map: Map<string, ProfileName>): Suggestion => ({
    id: row.id,
    blockId: row.blockId,
    baseText: row.baseText,
    proposedText: row.proposedText,
    authorName: map.get(row.authorTenantId)?.name ?? 'A Bree writer',
    mine: row.authorTenantId === caller,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
  const answer = async (row: SuggestionRow | null, caller: string) => ({
    success: true as const,
    suggestion: row ? present(row, caller, await names([row.authorTenantId])) : null,
  });

  return {
    async list(caller: Caller, fileId: string): Promise<SuggestionListAnswer> {
      const { ownerTenantId, role } = await access({ tenantId: caller.tenantId, fileId, need: 'read' });
      const rows = await repository.list({ tenantId: ownerTenantId, fileId });
      const map = await names([...new Set(rows.map((r) => r.authorTenantId))]);
      return {
        success: true,
        suggesting: role === 'commenter',
        canReview: roleCovers(role, 'edit'),
        suggestions: rows.map((r) => present(r, caller.tenantId, map)),
      };
    },

    async propose(caller: Caller, input: { fileId: string; blockId: string; baseText: string; proposedText: string }) {
      const { ownerTenantId } = await access({ tenantId: caller.tenantId, fileId: input.fileId, need: 'comment' });
      if (input.baseText === input.proposedText) {
        await repository.withdraw({ fileId: input.fileId, blockId: input.blockId, authorTenantId: caller.tenantId });
        return answer(null, caller.tenantId);
      }
      if ((await repository.countOpen({ tenantId: ownerTenantId, fileId: input.fileId })) >= SUGGESTION_MAX_OPEN) {
        const existing = (await repository.list({ tenantId: ownerTenantId, fileId: input.fileId })).some(
          (r) => r.blockId === input.blockId && r.authorTenantId === caller.tenantId,
        );
        if (!existing) throw suggestionsErrors.tooMany();
      }
      const row = await repository.upsert({ id: newId(), tenantId: ownerTenantId, authorTenantId: caller.tenantId, ...input, now: now() });
      return answer(row, caller.tenantId);
    },

    async decide(caller: Caller, { suggestionId, baseText, proposedText }: { suggestionId: string; baseText: string; proposedText: string }) {
      const row = await repository.find(suggestionId);
      if (!row) throw suggestionsErrors.notFound();
      try {
        await access({ tenantId: caller.tenantId, fileId: row.fileId, need: 'edit' });
      } catch (err) {
        if (err instanceof AppError && err.status === 404) throw suggestionsErrors.notFound();
        throw err;
      }
      if (baseText === proposedText) {
        await repository.remove(suggestionId);
        return answer(null, caller.tenantId);
      }
      return answer(await repository.update({ id: suggestionId, baseText, proposedText, now: now() }), caller.tenantId);
    },
  };
}
export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
