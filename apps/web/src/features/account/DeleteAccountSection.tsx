import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services';
import { Button, Card } from '../../ui';
import { useSession } from '../auth/useSession';
import { deleteOfflineSave, listOfflineSaves } from '../editor/offlineStore';
import { getCurrentTenant } from '../tenancy';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { finishDeletion, requestDeletion } from './deleteAccount';

/** This browser's unsent copies of the tenant's documents: nothing may send them once the account is gone. */
async function clearOfflineCopies(tenantId: string): Promise<void> {
  for (const record of await listOfflineSaves(tenantId)) await deleteOfflineSave(tenantId, record.fileId);
}

/**
 * 'Delete my account', the page's danger zone (docs/ACCOUNT.md "Delete my account"): a dialog asks
 * for the account's address (and password with Bree's own sign-in), the server deletes everything
 * but billing records, and this browser signs out to the start page, which says so.
 */
export function DeleteAccountSection() {
  const { api, tokens, config } = useServices();
  const queryClient = useQueryClient();
  const email = useSession().user?.profile.email;
  const [open, setOpen] = useState(false);

  async function confirm(input: { email: string; password: string | undefined }) {
    const tenantId = getCurrentTenant();
    await requestDeletion(api, { email: input.email, ...(input.password === undefined ? {} : { password: input.password }) });
    await finishDeletion({ tenantId, clearOfflineCopies, clearQueries: () => queryClient.clear(), signOut: (options) => tokens.signOut(options) });
  }

  return (
    <Card aria-labelledby="account-delete" role="region" className="border-danger/40">
      <h2 id="account-delete" className="font-serif text-lg font-semibold text-danger">
        Delete my account
      </h2>
      <p className="mt-1 text-sm text-muted">
        Deletes your account and everything in it: documents, versions, shared links, chat, dictations and your voice.
        {config.billing.enabled ? ' Only billing records are kept, as the law requires.' : ''} This cannot be undone.
      </p>
      <DeleteAccountDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="danger" className="mt-4">
            Delete my account…
          </Button>
        }
        email={email}
        asksPassword={config.oidc.mode === 'embedded'}
        billingEnabled={config.billing.enabled}
        onConfirm={confirm}
      />
    </Card>
  );
}
