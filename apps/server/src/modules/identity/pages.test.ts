import { describe, expect, it } from 'vitest';
import { escapeHtml, renderErrorPage, renderSignInPage, renderSignOutPage, renderSignUpPage } from './pages';

describe('sign-in pages', () => {
  it('escape every interpolated value', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = renderSignUpPage({ uid: 'u"1', homeUrl: 'http://h/"', email: '<b>', name: '"n"', error: { message: '<i>bad</i>', field: 'email' } });
    expect(html).not.toMatch(/<b>|<i>|u"1|"n"/);
    expect(html).toContain('&lt;i&gt;bad&lt;/i&gt;');
  });

  it('tie an error to its field for assistive technology', () => {
    const html = renderSignInPage({ uid: 'u1', homeUrl: 'http://h/', email: 'a@b.co', error: { message: 'Incorrect email or password.' } });
    expect(html).toContain('<div class="alert" role="alert" id="form-error">Incorrect email or password.</div>');
    const signup = renderSignUpPage({ uid: 'u1', homeUrl: 'http://h/', error: { message: 'Password must be at least 8 characters.', field: 'password' } });
    expect(signup).toMatch(/id="password"[^>]*aria-invalid="true" aria-describedby="form-error password-hint"[^>]*autofocus/);
  });

  it('link the terms and the privacy policy from the create-account form, in a new tab', () => {
    const html = renderSignUpPage({ uid: 'u1', homeUrl: 'http://h/' });
    expect(html).toContain('<a href="/terms" target="_blank" rel="noopener">Terms of Service</a>');
    expect(html).toContain('<a href="/privacy" target="_blank" rel="noopener">Privacy Policy</a>');
    expect(html.indexOf('Terms of Service')).toBeLessThan(html.indexOf('Create account</button>'));
  });

  it('give every page the Bree header band, a title and the stylesheet', () => {
    for (const html of [
      renderSignInPage({ uid: 'u', homeUrl: 'http://h/' }),
      renderSignOutPage({ homeUrl: 'http://h/', appUrl: 'http://h/app', form: '<form id="op.logoutForm"></form>', autosubmit: true }),
      renderSignOutPage({ homeUrl: 'http://h/', appUrl: 'http://h/app', form: '<form id="op.logoutForm"></form>', autosubmit: false }),
      renderErrorPage({ homeUrl: 'http://h/', title: 'Oops', message: 'm' }),
    ]) {
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<header class="band"><a class="wordmark" href="http://h/">Bree</a></header>');
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).not.toMatch(/<script>/);
    }
  });
});
