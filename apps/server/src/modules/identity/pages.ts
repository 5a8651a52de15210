/**
 * Server-rendered pages of the embedded sign-in: sign-in, create account, forgot password,
 * choose a new password, sign-out and errors. Every interpolated value goes through escapeHtml; styles and the one script are
 * static files (the CSP forbids inline scripts).
 */

export const ASSET_PREFIX = '/interaction/assets';
export const STYLESHEET_PATH = `${ASSET_PREFIX}/auth.css`;
export const AUTOSUBMIT_SCRIPT_PATH = `${ASSET_PREFIX}/autosubmit.js`;

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

type FormField = 'email' | 'password' | 'name' | 'confirmation';

/** A message shown above the form, optionally tied to the field it is about. */
export interface FormError {
  message: string;
  field?: FormField | undefined;
}

interface LayoutInput {
  title: string;
  homeUrl: string;
  body: string;
  /** The id of a form the autosubmit script submits on load. */
  autosubmitFormId?: string;
}

export function layout({ title, homeUrl, body, autosubmitFormId }: LayoutInput): string {
  const bodyAttrs = autosubmitFormId ? ` data-autosubmit="${escapeHtml(autosubmitFormId)}"` : '';
  const script = autosubmitFormId ? `\n<script src="${AUTOSUBMIT_SCRIPT_PATH}" defer></script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Bree</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">${script}
</head>
<body${bodyAttrs}>
<header class="band"><a class="wordmark" href="${escapeHtml(homeUrl)}">Bree</a></header>
<main class="page">
<section class="card" aria-labelledby="page-title">
<h1 id="page-title">${escapeHtml(title)}</h1>
${body}
</section>
</main>
</body>
</html>
`;
}

export function alert(error: FormError | undefined): string {
  return error ? `<div class="alert" role="alert" id="form-error">${escapeHtml(error.message)}</div>\n` : '';
}

/** A good-news message (e.g. "password changed"), announced politely. */
function notice(message: string | undefined): string {
  return message ? `<div class="notice" role="status">${escapeHtml(message)}</div>\n` : '';
}

/** aria attributes for an input: invalid + described by the alert when the error is about it. */
function fieldState(field: FormField, error: FormError | undefined, hintId?: string): string {
  const describedBy = [error?.field === field ? 'form-error' : undefined, hintId].filter(Boolean).join(' ');
  const invalid = error?.field === field ? ' aria-invalid="true"' : '';
  return `${invalid}${describedBy ? ` aria-describedby="${describedBy}"` : ''}`;
}

function focusFirst(field: FormField, wanted: FormField): string {
  return field === wanted ? ' autofocus' : '';
}

/** The sign-in form; keeps the typed email (never the password) after an error. */
export function renderSignInPage(input: { uid: string; homeUrl: string; email?: string; error?: FormError; notice?: string }): string {
  const { uid, homeUrl, email = '', error } = input;
  const focus: FormField = error?.field === 'email' || !email ? 'email' : 'password';
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  const body = `<p class="lead">Welcome back. Sign in to continue writing.</p>
${notice(input.notice)}${alert(error)}<form method="post" action="${escapeHtml(action)}" novalidate>
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" autocapitalize="none" spellcheck="false" required value="${escapeHtml(email)}"${fieldState('email', error)}${focusFirst('email', focus)}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${fieldState('password', error)}${focusFirst('password', focus)}>
<p class="hint"><a href="/interaction/${escapeHtml(encodeURIComponent(uid))}/forgot">Forgot password?</a></p>
</div>
<button class="button" type="submit">Sign in</button>
</form>
<p class="switch">New to Bree? <a href="/interaction/${escapeHtml(encodeURIComponent(uid))}/signup">Create account</a></p>`;
  return layout({ title: 'Sign in', homeUrl, body });
}

/** The create-account form; keeps the typed email and name (never the password) after an error. */
export function renderSignUpPage(input: { uid: string; homeUrl: string; email?: string; name?: string; error?: FormError }): string {
  const { uid, homeUrl, email = '', name = '', error } = input;
  const focus: FormField = error?.field ?? 'name';
  const action = `/interaction/${encodeURIComponent(uid)}/signup`;
  const body = `<p class="lead">Create an account to start writing with Bree.</p>
${alert(error)}<form method="post" action="${escapeHtml(action)}" novalidate>
<div class="field">
<label for="name">Name <span class="optional">(optional)</span></label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="200" value="${escapeHtml(name)}"${fieldState('name', error)}${focusFirst('name', focus)}>
</div>
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" autocapitalize="none" spellcheck="false" required value="${escapeHtml(email)}"${fieldState('email', error)}${focusFirst('email', focus)}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required${fieldState('password', error, 'password-hint')}${focusFirst('password', focus)}>
<p class="hint" id="password-hint">At least 8 characters.</p>
</div>
<p class="hint" id="agreement">By creating an account you agree to the <a href="/terms" target="_blank" rel="noopener">Terms of Service</a> and the <a href="/privacy" target="_blank" rel="noopener">Privacy Policy</a> (each opens in a new tab, so nothing typed here is lost).</p>
<button class="button" type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="/interaction/${escapeHtml(encodeURIComponent(uid))}/login">Sign in</a></p>`;
  return layout({ title: 'Create account', homeUrl, body });
}

/** Where a page about a forgotten password posts, and where its "Back to sign-in" leads. */
export interface ForgotPasswordTarget {
  action: string;
  backUrl: string;
}

/** "Forgot password?" with mail: asks for the email to send a reset link to. */
export function renderForgotPasswordPage(input: { target: ForgotPasswordTarget; homeUrl: string; email?: string; error?: FormError }): string {
  const { target, homeUrl, email = '', error } = input;
  const body = `<p class="lead">Enter the email address of your account and we will send you a link to choose a new password.</p>
${alert(error)}<form method="post" action="${escapeHtml(target.action)}" novalidate>
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" autocapitalize="none" spellcheck="false" required value="${escapeHtml(email)}"${fieldState('email', error)} autofocus>
</div>
<button class="button" type="submit">Send reset link</button>
</form>
<p class="switch"><a href="${escapeHtml(target.backUrl)}">Back to sign-in</a></p>`;
  return layout({ title: 'Reset your password', homeUrl, body });
}

/** After a reset request: the same answer whether or not the account exists. */
export function renderResetLinkSentPage(input: { target: ForgotPasswordTarget; homeUrl: string }): string {
  const body = `<div class="notice" role="status">If an account exists for that address, we sent it a link to reset its password.</div>
<p class="lead">The link works once, for one hour. No email after a few minutes? Check your spam folder, or ask for a new link.</p>
<a class="button" href="${escapeHtml(input.target.backUrl)}">Back to sign-in</a>
<p class="switch"><a href="${escapeHtml(input.target.action)}">Send another link</a></p>`;
  return layout({ title: 'Check your email', homeUrl: input.homeUrl, body });
}

/** "Forgot password?" without mail: only an administrator can set a new password. */
export function renderAskAdministratorPage(input: { target: ForgotPasswordTarget; homeUrl: string }): string {
  const body = `<p class="lead">Ask your administrator to reset your password. Once they give you a new one, sign in with it.</p>
<a class="button" href="${escapeHtml(input.target.backUrl)}">Back to sign-in</a>`;
  return layout({ title: 'Forgot your password?', homeUrl: input.homeUrl, body });
}

/** The page a reset link opens: a new password twice, for the account the link belongs to. */
export function renderNewPasswordPage(input: { action: string; homeUrl: string; token: string; email: string; error?: FormError }): string {
  const { action, homeUrl, token, email, error } = input;
  const focus: FormField = error?.field ?? 'password';
  // The hidden username lets password managers store the new password under the right account.
  const body = `<p class="lead">For the Bree account ${escapeHtml(email)}.</p>
${alert(error)}<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<input type="email" name="username" autocomplete="username" value="${escapeHtml(email)}" hidden readonly>
<div class="field">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required${fieldState('password', error, 'password-hint')}${focusFirst('password', focus)}>
<p class="hint" id="password-hint">At least 8 characters.</p>
</div>
<div class="field">
<label for="confirmation">Confirm new password</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required${fieldState('confirmation', error)}${focusFirst('confirmation', focus)}>
</div>
<button class="button" type="submit">Set new password</button>
</form>`;
  return layout({ title: 'Choose a new password', homeUrl, body });
}

/** A reset link that is unknown, already used or past its hour, with a way to ask for another. */
export function renderResetLinkInvalidPage(input: { homeUrl: string; requestUrl: string }): string {
  const body = `<div class="alert" role="alert">This link to reset your password has expired or was already used.</div>
<p class="lead">Each link works once, for one hour. Ask for a new one and use the latest email.</p>
<a class="button" href="${escapeHtml(input.requestUrl)}">Get a new link</a>`;
  return layout({ title: 'Link no longer valid', homeUrl: input.homeUrl, body });
}

/**
 * The sign-out page: oidc-provider's confirm form (with its xsrf token) plus logout=yes.
 * Opened from Bree's own app it is submitted on load by the external script (one click to
 * sign out); opened from anywhere else it waits for the person to press the button, so a
 * link on another site cannot sign anyone out.
 */
export function renderSignOutPage(input: { homeUrl: string; appUrl: string; form: string; autosubmit: boolean }): string {
  const formId = /id="([^"]+)"/.exec(input.form)?.[1] ?? 'op.logoutForm';
  // `form` is oidc-provider's own markup (escaped by it), inserted as-is on purpose.
  const controls = `${input.form}
<input type="hidden" name="logout" value="yes" form="${escapeHtml(formId)}">
<button class="button" type="submit" form="${escapeHtml(formId)}">Sign out</button>`;
  if (input.autosubmit) {
    return layout({
      title: 'Signing out',
      homeUrl: input.homeUrl,
      body: `<p class="lead">Signing you out of Bree…</p>\n${controls}`,
      autosubmitFormId: formId,
    });
  }
  const body = `<p class="lead">Do you want to sign out of Bree?</p>
${controls}
<p class="switch"><a href="${escapeHtml(input.appUrl)}">Stay signed in</a></p>`;
  return layout({ title: 'Sign out', homeUrl: input.homeUrl, body });
}

/** Shown when sign-out finished without a return address. */
export function renderSignedOutPage(input: { homeUrl: string }): string {
  const body = `<p class="lead">You have signed out of Bree.</p>
<a class="button" href="${escapeHtml(input.homeUrl)}">Back to Bree</a>`;
  return layout({ title: 'Signed out', homeUrl: input.homeUrl, body });
}

/** A styled error page: a plain message and a way back, never a stack trace. */
export function renderErrorPage(input: { homeUrl: string; title: string; message: string; linkLabel?: string }): string {
  const body = `<div class="alert" role="alert">${escapeHtml(input.message)}</div>
<a class="button" href="${escapeHtml(input.homeUrl)}">${escapeHtml(input.linkLabel ?? 'Back to Bree')}</a>`;
  return layout({ title: input.title, homeUrl: input.homeUrl, body });
}
