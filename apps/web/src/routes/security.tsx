import { usePublicSite } from '../public/site';
import { SupportEmailLink } from '../app/SupportEmail';
import { LegalDocument, LegalSection } from './legal/LegalDocument';

/** /security: how Bree keeps writing safe, in the legal pages' layout (docs/PRODUCT.md#landing footer link). Facts follow docs/HARDENING.md and docs/DEPLOY.md. */
export default function SecurityRoute() {
  const name = usePublicSite().config.productName;
  return (
    <LegalDocument
      title="Security"
      updated={new Date(2026, 10, 27)}
      intro={
        <p>
          Your drafts are often unfinished and personal. This page explains how {name} keeps them apart from everyone else&apos;s, how they travel, where they
          are sent when you use the assistant, and what the people who run an installation of {name} should do to keep it safe.
        </p>
      }
    >
      <LegalSection title="1. Every workspace is isolated">
        <p>
          Each account works in its own workspace. Every database query {name} makes for your documents, versions, voice profile, chat and usage is scoped to
          your workspace, and a request that names another workspace is refused. A document someone else owns answers as if it did not exist, so another account
          cannot even learn that it is there.
        </p>
        <p>Others can read a document only through a share link you switch on, and the link stops working the moment you switch it off or regenerate it.</p>
      </LegalSection>

      <LegalSection title="2. Encryption in transit">
        <p>
          {name} is meant to be reached over HTTPS: the installation&apos;s reverse proxy (such as nginx or Caddy) terminates TLS in front of it. Operators
          should redirect plain HTTP to HTTPS and have the proxy send a Strict-Transport-Security header (HSTS) so browsers never fall back to an unencrypted
          connection.
        </p>
        <p>
          Pages carry a Content Security Policy, and shared documents are served with one that allows no script at all, so text in a shared document can only
          ever be read, never run.
        </p>
      </LegalSection>

      <LegalSection title="3. Passwords and sign-in">
        <ul>
          <li>Passwords are never stored. {name} keeps only a salted scrypt hash, a deliberately slow function that makes guessing expensive.</li>
          <li>The sign-in, sign-up and password-reset pages limit how many attempts can come from one IP address.</li>
          <li>Password-reset and e-mail confirmation links work once and expire; only a hash of each link is kept.</li>
          <li>Installations can also use their own identity provider (such as Keycloak, Auth0 or Zitadel) instead of {name}&apos;s built-in sign-in.</li>
        </ul>
      </LegalSection>

      <LegalSection title="4. Tokens and sessions">
        <p>
          After you sign in, the app holds a short-lived access token (one hour) and a refresh token that is replaced each time it is used. A session ends when
          you sign out, and signing out from a link on another site only asks first, so a stranger&apos;s page cannot sign you out. Resetting your password ends
          your other sessions.
        </p>
      </LegalSection>

      <LegalSection title="5. AI providers and your data">
        <p>
          Your documents are sent to the installation&apos;s configured model provider only when you use the assistant — a rewrite, chat, dictation or a voice
          analysis — and only the text that request needs. {name} never sends your documents for training, and AI providers are bound not to retain your
          content.
        </p>
        <p>
          An installation that runs a local model (for example through Ollama or a local Whisper server) keeps everything on its own server: nothing you write
          leaves it.
        </p>
      </LegalSection>

      <LegalSection title="6. Backups">
        <p>
          {name} does not copy your data anywhere by itself. Whoever runs an installation is responsible for its backups: back up the PostgreSQL database, or
          the data directory of the embedded database with {name} stopped, on a regular schedule, and keep the copies encrypted and away from the server.
          Signing keys live in the database, so a restored backup restores sessions too.
        </p>
        <p>Within the app, every save keeps a version you can restore, and deleted documents stay in the Trash for 30 days before they are removed for good.</p>
      </LegalSection>

      <LegalSection title="7. Reporting a vulnerability">
        <p>
          If you believe you have found a security problem, please write to <SupportEmailLink /> with the steps to reproduce it. Please give us a reasonable
          time to fix it before telling anyone else, and do not access other people&apos;s data while testing. We reply within 48 hours.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
