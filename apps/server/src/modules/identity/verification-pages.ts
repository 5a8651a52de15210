import { alert, escapeHtml, layout, type FormError } from './pages';

/**
 * Pages of email verification (the link mailed after sign-up). Same layout and escaping as
 * the other sign-in pages.
 */

/** The page a verification link opens: one button confirms (opening the link alone never does). */
export function renderConfirmEmailPage(input: { action: string; homeUrl: string; token: string; email: string }): string {
  const body = `<p class="lead">Confirm that ${escapeHtml(input.email)} is your email address for Bree.</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button class="button" type="submit">Confirm email address</button>
</form>`;
  return layout({ title: 'Confirm your email', homeUrl: input.homeUrl, body });
}

/** After a confirmed link. */
export function renderEmailVerifiedPage(input: { homeUrl: string; appUrl: string; email: string }): string {
  const body = `<div class="notice" role="status">Your email address ${escapeHtml(input.email)} is confirmed.</div>
<a class="button" href="${escapeHtml(input.appUrl)}">Continue to Bree</a>`;
  return layout({ title: 'Email confirmed', homeUrl: input.homeUrl, body });
}

/** A verification link that is unknown, already used or past its 24 hours. */
export function renderVerifyLinkInvalidPage(input: { homeUrl: string; resendUrl: string }): string {
  const body = `<div class="alert" role="alert">This link to confirm your email address has expired or was already used.</div>
<p class="lead">Each link works once, for 24 hours. Ask for a new one and use the latest email.</p>
<a class="button" href="${escapeHtml(input.resendUrl)}">Get a new link</a>`;
  return layout({ title: 'Link no longer valid', homeUrl: input.homeUrl, body });
}

/** "Send the link again": asks for the address. Without a mail server, says who can confirm it. */
export function renderResendVerificationPage(input: {
  action: string;
  homeUrl: string;
  appUrl: string;
  canSend: boolean;
  email?: string;
  error?: FormError;
}): string {
  if (!input.canSend) {
    const body = `<p class="lead">This Bree does not send emails. Ask your administrator to confirm your email address.</p>
<a class="button" href="${escapeHtml(input.appUrl)}">Back to Bree</a>`;
    return layout({ title: 'Confirm your email', homeUrl: input.homeUrl, body });
  }
  const error = input.error;
  const invalid = error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const body = `<p class="lead">Enter the email address of your account and we will send you a new link to confirm it.</p>
${alert(error)}<form method="post" action="${escapeHtml(input.action)}" novalidate>
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" autocapitalize="none" spellcheck="false" required value="${escapeHtml(input.email ?? '')}"${invalid} autofocus>
</div>
<button class="button" type="submit">Send link</button>
</form>
<p class="switch"><a href="${escapeHtml(input.appUrl)}">Back to Bree</a></p>`;
  return layout({ title: 'Confirm your email', homeUrl: input.homeUrl, body });
}

/** After a resend request: the same answer whether or not the address has an unconfirmed account. */
export function renderVerificationSentPage(input: { homeUrl: string; appUrl: string }): string {
  const body = `<div class="notice" role="status">If that address has an account waiting for confirmation, we sent it a new link.</div>
<p class="lead">The link works once, for 24 hours. No email after a few minutes? Check your spam folder.</p>
<a class="button" href="${escapeHtml(input.appUrl)}">Back to Bree</a>`;
  return layout({ title: 'Check your email', homeUrl: input.homeUrl, body });
}

/**
 * After creating an account with a mail server: the same page whether the address was free (a
 * confirmation link was mailed) or taken (its owner was told), so it tells nobody which.
 */
export function renderCheckEmailPage(input: { homeUrl: string; appUrl: string; email: string }): string {
  const body = `<div class="notice" role="status">We sent an email to ${escapeHtml(input.email)}.</div>
<p class="lead">Open the link in it to finish creating your account, then sign in. The link works once, for 24 hours. No email after a few minutes? Check your spam folder.</p>
<a class="button" href="${escapeHtml(input.appUrl)}">Continue to sign in</a>`;
  return layout({ title: 'Check your email', homeUrl: input.homeUrl, body });
}
