/**
 * Server-rendered pages of the embedded sign-in: sign-in, create account, sign-out and
 * errors. Every interpolated value goes through escapeHtml; styles and the one script are
 * static files (the CSP forbids inline scripts).
 */

export const ASSET_PREFIX = '/interaction/assets';
export const STYLESHEET_PATH = `${ASSET_PREFIX}/auth.css`;
export const AUTOSUBMIT_SCRIPT_PATH = `${ASSET_PREFIX}/autosubmit.js`;

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

type FormField = 'email' | 'password' | 'name';

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

function layout({ title, homeUrl, body, autosubmitFormId }: LayoutInput): string {
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

function alert(error: FormError | undefined): string {
  return error ? `<div class="alert" role="alert" id="form-error">${escapeHtml(error.message)}</div>\n` : '';
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
export function renderSignInPage(input: { uid: string; homeUrl: string; email?: string; error?: FormError }): string {
  const { uid, homeUrl, email = '', error } = input;
  const focus: FormField = error?.field === 'email' || !email ? 'email' : 'password';
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  const body = `<p class="lead">Welcome back. Sign in to continue writing.</p>
${alert(error)}<form method="post" action="${escapeHtml(action)}" novalidate>
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" autocapitalize="none" spellcheck="false" required value="${escapeHtml(email)}"${fieldState('email', error)}${focusFirst('email', focus)}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${fieldState('password', error)}${focusFirst('password', focus)}>
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
<button class="button" type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="/interaction/${escapeHtml(encodeURIComponent(uid))}/login">Sign in</a></p>`;
  return layout({ title: 'Create account', homeUrl, body });
}

/**
 * The sign-out page: oidc-provider's confirm form (with its xsrf token) plus logout=yes,
 * submitted on load by the external script; the button is the no-JavaScript fallback.
 */
export function renderSignOutPage(input: { homeUrl: string; form: string }): string {
  const formId = /id="([^"]+)"/.exec(input.form)?.[1] ?? 'op.logoutForm';
  // `form` is oidc-provider's own markup (escaped by it), inserted as-is on purpose.
  const body = `<p class="lead">Signing you out of Bree…</p>
${input.form}
<input type="hidden" name="logout" value="yes" form="${escapeHtml(formId)}">
<button class="button" type="submit" form="${escapeHtml(formId)}">Sign out</button>`;
  return layout({ title: 'Signing out', homeUrl: input.homeUrl, body, autosubmitFormId: formId });
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
