import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSummarySchema, ACCOUNT_PATHS, changeEmailAnswerSchema, successSchema, type ChangeEmailBody, type ChangePasswordBody } from '@bree/contracts';
import { useServices } from '../../app/services';

export const accountKeys = { summary: ['account', 'summary'] as const };

/** The signed-in account as the settings page shows it (Bree's own sign-in only: an external issuer has no such route). */
export function useAccountSummary({ enabled }: { enabled: boolean }) {
  const { api } = useServices();
  return useQuery({
    queryKey: accountKeys.summary,
    queryFn: ({ signal }) => api.get(ACCOUNT_PATHS.summary, { schema: accountSummarySchema, signal }),
    enabled,
  });
}

/** POST /api/account/password: the other devices are signed out, this one stays (docs/ACCOUNT.md). */
export function useChangePassword() {
  const { api } = useServices();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post(ACCOUNT_PATHS.password, body, { schema: successSchema }),
  });
}

/** POST /api/account/email: a link goes to the new address; the summary then shows it as pending. */
export function useChangeEmail() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api.post(ACCOUNT_PATHS.email, body, { schema: changeEmailAnswerSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.summary }),
  });
}

/** POST /api/account/sign-out-everywhere: every session of the account ends, this one included. */
export function useSignOutEverywhere() {
  const { api, tokens } = useServices();
  return useMutation({
    mutationFn: () => api.post(ACCOUNT_PATHS.signOutEverywhere, undefined, { schema: successSchema, retry: false }),
    // The session at the issuer is gone; leaving through the normal sign-out clears this browser too.
    onSuccess: () => tokens.signOut(),
  });
}
