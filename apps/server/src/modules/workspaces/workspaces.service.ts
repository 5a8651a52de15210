import {
  VARIANT_LABELS,
  WORKSPACES,
  type AiTier,
  type CreateVariantBody,
  type DocContent,
  type VariantAction,
  type VariantType,
  type WorkspaceType,
} from '@bree/contracts';
import type { DocJSON } from '@bree/editor';
import type { AiDocumentLookup, ModelRunner } from '../ai/ai.runner';
import type { OperationQueue } from '../ai/operations/operations.queue';
import type { OperationRegistry } from '../ai/operations/operations.registry';
import { prepareContent, type ContentWriter, type FilesService } from '../files/files.port';
import { PLAN_FEATURES, type PlanName } from '../usage/usage.plans';
import { workspacesErrors } from './workspaces.errors';
import { createVariantJobs } from './workspaces.jobs';
import { presentMasterEntry, presentMetadata, presentVariantEntry, presentWorkspace } from './workspaces.presenter';
import { variantMetadata, type WorkspaceFileRow, type WorkspacesRepository } from './workspaces.repository';

export interface WorkspacesServiceDeps {
  repository: WorkspacesRepository;
  files: Pick<FilesService, 'create' | 'bulkDelete'>;
  writer: ContentWriter;
  /** The one model-call runner: a variant's tier, voice, prompt and hold; its job streams and settles it. */
  models: Pick<ModelRunner, 'pickTier' | 'prepare' | 'release'>;
  aiRepository: AiDocumentLookup;
  queue: OperationQueue;
  registry: Pick<OperationRegistry, 'create'>;
  /** The tenant's plan now (billing owns it); making workspaces and variants needs a plan that includes them. */
  planOf?: (tenantId: string) => Promise<{ plan: PlanName }>;
  newId: () => string;
  /** AI operation ids are UUIDs (they are pg-boss job ids). */
  newOperationId: () => string;
  now?: () => Date;
}

/** Room left in a path for " (Label 12).txt". */
const MAX_STEM = 400;

/** A workspace as a request reaches it: its row and its master document. */
interface Resolved {
  workspace: NonNullable<WorkspaceFileRow['workspace']>;
  master: WorkspaceFileRow;
}

/** Workspaces and variants (docs/PRODUCT.md#workspaces). */
export function createWorkspacesService(deps: WorkspacesServiceDeps) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  const jobs = createVariantJobs(deps);

  /** Creating (a workspace, a variant, an update from master) needs the plan; reading, renaming and deleting never do. */
  async function requireWorkspacesPlan(tenantId: string): Promise<void> {
    if (!deps.planOf) return;
    const { plan } = await deps.planOf(tenantId);
    if (!PLAN_FEATURES[plan].workspaces) throw workspacesErrors.planRequired();
  }

  async function requireFile(tenantId: string, fileId: string): Promise<WorkspaceFileRow> {
    const file = await repository.findFile({ tenantId, fileId });
    if (!file) throw workspacesErrors.fileNotFound();
    return file;
  }

  async function requireVariant(tenantId: string, variantId: string) {
    const file = await repository.findFile({ tenantId, fileId: variantId });
    if (!file?.variant) throw workspacesErrors.variantNotFound();
    return { file, variant: file.variant };
  }

  /** The workspace of a master or of any of its variants; a plain document is not one (409). */
  async function resolve(tenantId: string, fileId: string): Promise<Resolved> {
    const file = await requireFile(tenantId, fileId);
    if (file.workspace) return { workspace: file.workspace, master: file };
    if (!file.variant) throw workspacesErrors.workspaceRequired();
    const master = await repository.findFile({ tenantId, fileId: file.variant.masterFileId });
    if (!master?.workspace) throw workspacesErrors.masterNotFound();
    return { workspace: master.workspace, master };
  }

  /** What a variant is made from: the editor's unsaved content, else the stored current document, else the master. */
  async function sourceOf(tenantId: string, { workspace, master }: Resolved, body: CreateVariantBody): Promise<{ doc: DocJSON; text: string }> {
    let current = master;
    if (body.currentDocumentId && body.currentDocumentId !== master.id) {
      current = await requireFile(tenantId, body.currentDocumentId);
      if (current.variant?.workspaceId !== workspace.id) throw workspacesErrors.notInWorkspace();
    }
    const prepared = prepareContent(body.currentContent ?? (current.content as DocJSON));
    return { doc: prepared.doc, text: prepared.text };
  }

  /** "Vary", then "Vary 2", "Vary 3"… within the workspace. */
  async function labelFor(tenantId: string, workspaceId: string, type: VariantType): Promise<string> {
    const base = VARIANT_LABELS[type];
    const taken = new Set((await repository.listVariants({ tenantId, workspaceId })).map((v) => v.variant.label));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
  }

  /** The variant's document (empty for an AI variant until its generation fills it) and its link to the workspace. */
  async function addVariantDocument(v: {
    tenantId: string;
    resolved: Resolved;
    type: VariantType;
    label: string;
    instructions: string;
    tier: AiTier | null;
    doc: DocJSON | null;
    operationId: string | null;
  }): Promise<string> {
    const { master, workspace } = v.resolved;
    const link = { masterFileId: master.id, workspaceId: workspace.id, label: v.label, variantType: v.type };
    const created = await deps.files.create({
      tenantId: v.tenantId,
      filePath: `${master.path.slice(0, -4).slice(0, MAX_STEM)} (${v.label}).txt`,
      ...(v.doc ? { content: v.doc as DocContent } : {}),
      isRepository: false,
      // AI text never teaches the voice (docs/PRODUCT.md#voice): AI variants are tagged AI. The link keeps it out of the main list from the start.
      metadata: { authenticity: v.doc ? 'Untagged' : 'AI', ...variantMetadata(link) },
    });
    await repository.insertVariant({
      ...link,
      fileId: created.id,
      tenantId: v.tenantId,
      instructions: v.instructions,
      tier: v.tier,
      masterRevision: master.revision,
      status: v.operationId ? 'generating' : 'ready',
      operationId: v.operationId,
      createdAt: now(),
    });
    return created.id;
  }

  async function entryOf(tenantId: string, workspaceId: string, variantId: string) {
    const rows = await repository.listVariants({ tenantId, workspaceId });
    const row = rows.find((r) => r.variant.fileId === variantId);
    if (!row) throw workspacesErrors.variantNotFound();
    return presentVariantEntry(row);
  }

  function checkInstructions(instructions: string | undefined): string {
    const text = instructions ?? '';
    if (text.length > WORKSPACES.maxInstructions) throw workspacesErrors.instructionsTooLong(text.length);
    return text.trim();
  }

  return {
    /** convertToWorkspace: the document becomes the master of a new Standard workspace (again: the same workspace). */
    async convert({ tenantId, fileId, workspaceType }: { tenantId: string; fileId: string; workspaceType: WorkspaceType }) {
      const file = await requireFile(tenantId, fileId);
      if (file.variant) throw workspacesErrors.variantNotConvertible();
      if (!file.workspace) await requireWorkspacesPlan(tenantId);
      const workspace = file.workspace ?? (await repository.createWorkspace({ tenantId, id: deps.newId(), masterFileId: file.id, workspaceType, now: now() }));
      const variants = await repository.listVariants({ tenantId, workspaceId: workspace.id });
      const metadata = presentMetadata({ file: { ...file, workspace }, variantIds: variants.map((v) => v.variant.fileId), currentMasterRevision: null });
      return { workspace: presentWorkspace(workspace), metadata };
    },

    /** getFileMetadata(fileId): the workspace fields of any document. */
    async metadata({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      const file = await requireFile(tenantId, fileId);
      const variantIds = file.workspace ? (await repository.listVariants({ tenantId, workspaceId: file.workspace.id })).map((v) => v.variant.fileId) : [];
      const master = file.variant ? await repository.findFile({ tenantId, fileId: file.variant.masterFileId }) : null;
      return presentMetadata({ file, variantIds, currentMasterRevision: master?.revision ?? null });
    },

    /** The variant picker: the master first, then its variants oldest first. */
    async list({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      const { workspace, master } = await resolve(tenantId, fileId);
      const variants = await repository.listVariants({ tenantId, workspaceId: workspace.id });
      return { workspace: presentWorkspace(workspace), items: [presentMasterEntry(master), ...variants.map(presentVariantEntry)] };
    },

    /** Duplicate (a copy, ready at once) or an AI action (a document that fills when its operation finishes). */
    async createVariant({ tenantId, fileId, body }: { tenantId: string; fileId: string; body: CreateVariantBody }) {
      const instructions = checkInstructions(body.instructions);
      const resolved = await resolve(tenantId, fileId);
      await requireWorkspacesPlan(tenantId);
      const { workspace, master } = resolved;
      const source = await sourceOf(tenantId, resolved, body);
      const label = await labelFor(tenantId, workspace.id, body.type);
      const isAi = body.type !== 'duplicate';
      const tier = isAi ? await jobs.tierFor(tenantId, master.id, body.providerMode) : null;
      // The call is priced and held (or refused with 402) before anything is created.
      const job = isAi
        ? await jobs.prepareJob({
            tenantId,
            fileId: master.id,
            action: body.type as VariantAction,
            text: source.text,
            instructions,
            tier: tier!,
            update: false,
          })
        : null;
      let variantId: string;
      try {
        variantId = await addVariantDocument({
          tenantId,
          resolved,
          type: body.type,
          label,
          instructions,
          tier,
          doc: isAi ? null : source.doc,
          operationId: job?.operationId ?? null,
        });
      } catch (error) {
        // Not created (a name clash, a database error): the call will never be made, so its budget goes back.
        await job?.release().catch(() => undefined);
        throw error;
      }
      // Read before the generation starts, so the answer describes the variant as it was answered: 'generating'.
      const variant = await entryOf(tenantId, workspace.id, variantId);
      if (job) await jobs.launch(job.forVariant(variantId));
      return { variantId, operationId: job?.operationId ?? null, status: isAi ? ('generating' as const) : ('ready' as const), variant };
    },

    async rename({ tenantId, variantId, label }: { tenantId: string; variantId: string; label: string }) {
      const { variant } = await requireVariant(tenantId, variantId);
      await repository.rename({ tenantId, fileId: variantId, label });
      return { variant: await entryOf(tenantId, variant.workspaceId, variantId) };
    },

    /** Deleting a variant moves its document to the Trash; restored from there, it is back in its workspace. */
    async remove({ tenantId, variantId }: { tenantId: string; variantId: string }) {
      await requireVariant(tenantId, variantId);
      await deps.files.bulkDelete({ tenantId, fileIds: [variantId] });
      return { variantId };
    },

    /**
     * 'Update from master': the variant made again from the master's current text with the same
     * action and instructions. The replaced text is kept as a version ('before-update').
     */
    async updateFromMaster({ tenantId, variantId, providerMode }: { tenantId: string; variantId: string; providerMode?: AiTier }) {
      const { variant } = await requireVariant(tenantId, variantId);
      const master = await repository.findFile({ tenantId, fileId: variant.masterFileId });
      if (!master) throw workspacesErrors.masterNotFound();
      await requireWorkspacesPlan(tenantId);
      if (variant.variantType === 'duplicate') {
        const prepared = prepareContent(master.content as DocJSON);
        await deps.writer.write({ tenantId, fileId: variantId, prepared, baseRevision: 'current', source: 'ai', version: { before: 'before-update' } });
        await repository.refreshed({ tenantId, fileId: variantId, masterRevision: master.revision });
        return { variantId, operationId: null, status: 'ready' as const, variant: await entryOf(tenantId, variant.workspaceId, variantId) };
      }
      const tier = await jobs.tierFor(tenantId, master.id, providerMode ?? variant.tier);
      const job = await jobs.prepareJob({
        tenantId,
        fileId: variantId,
        action: variant.variantType,
        text: prepareContent(master.content as DocJSON).text,
        instructions: variant.instructions,
        tier,
        update: true,
      });
      let entry;
      try {
        await repository.restart({ tenantId, fileId: variantId, operationId: job.operationId, masterRevision: master.revision, tier });
        entry = await entryOf(tenantId, variant.workspaceId, variantId);
      } catch (error) {
        await job.release().catch(() => undefined);
        throw error;
      }
      await jobs.launch(job.forVariant(variantId));
      return { variantId, operationId: job.operationId, status: 'generating' as const, variant: entry };
    },

    /** The master and its variants with their contents, for the workspace export. */
    async contents({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      const { master, workspace } = await resolve(tenantId, fileId);
      const variants = await repository.listVariants({ tenantId, workspaceId: workspace.id });
      const docs = [master];
      for (const v of variants) {
        const file = await repository.findFile({ tenantId, fileId: v.variant.fileId });
        if (file) docs.push(file);
      }
      return { master, docs };
    },
  };
}
export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
