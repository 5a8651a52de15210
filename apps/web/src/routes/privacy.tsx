import { usePublicSite } from '../public/site';
import { SupportEmailLink } from '../app/SupportEmail';
import { LegalDocument, LegalSection } from './legal/LegalDocument';

/** /privacy: the privacy policy (docs/PRODUCT.md#landing). */
export default function PrivacyRoute() {
  const name = usePublicSite().config.productName;
  const mail = <SupportEmailLink />;
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={new Date(2026, 11, 2)}
      intro={
        <p>
          {name} is a writing studio. You trust it with unfinished drafts, personal notes and the way you write. This policy explains what we collect, why we
          collect it, and the promises we make about your writing — the most important of which is simple: your documents are yours, and they are never used to
          train AI models.
        </p>
      }
    >
      <LegalSection title="1. Who we are">
        <p>
          {name} can be run by us or installed by an organisation on its own servers. Whoever operates the installation you use is responsible for the personal
          information handled in it; this policy describes how {name} handles that information either way.
        </p>
      </LegalSection>

      <LegalSection title="2. What we collect">
        <ul>
          <li>
            <strong>Account details</strong> — your e-mail address and name, from the sign-in page or from Google or GitHub if you sign in with them.
          </li>
          <li>
            <strong>Your content</strong> — documents, the sample files you import to teach the assistant your voice, version history, and settings such as
            authenticity tags.
          </li>
          <li>
            <strong>Usage records</strong> — how many AI calls, tokens and voice minutes you use, so plans, credits and budget limits work.
          </li>
          <li>
            <strong>Technical information</strong> — server logs and error reports (such as browser type and the page where an error happened), kept to keep the
            service reliable and secure.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="3. How we use it">
        <ul>
          <li>To store your documents and show them only to you and to the people you choose to share them with.</li>
          <li>
            To build your Author&apos;s Voice: a profile learned from your sample files and from documents you tag as written by a human. It stays inside your
            workspace.
          </li>
          <li>To run the AI features you ask for, to apply plan limits and to bill paid plans.</li>
          <li>To answer support requests and to protect the service against abuse.</li>
        </ul>
        <p>We do not sell personal information, and we do not use your content for advertising.</p>
      </LegalSection>

      <LegalSection title="4. Your writing and AI">
        <p>
          <strong>Your content is never stored for, or used for, training AI models</strong> — neither ours nor anyone else&apos;s. When you use an AI feature,
          only the text needed for that request is sent to the AI provider that handles it. Our AI providers are bound not to retain your content after
          processing the request and not to use it for training.
        </p>
      </LegalSection>

      <LegalSection title="5. Workspace isolation and sharing">
        <p>
          Every workspace is isolated from every other: documents, versions and voice profiles of one workspace can never be read from another. A document
          becomes visible to others only when you create a public share link for it, and it stops being visible as soon as you turn sharing off.
        </p>
      </LegalSection>

      <LegalSection title="6. Service providers">
        <p>
          We rely on a small number of providers to run {name}: hosting, the payment processor for paid plans, AI model providers and, if you choose them,
          Google or GitHub for sign-in. Each receives only what it needs to do its job and is bound to protect it. We disclose information to authorities only
          when the law requires it.
        </p>
      </LegalSection>

      <LegalSection title="7. Keeping and deleting data">
        <p>
          We keep your content for as long as your account exists. Deleted documents are removed from your workspace together with their versions. You can ask
          us to close your account and delete everything in it at any time.
        </p>
      </LegalSection>

      <LegalSection title="8. Security">
        <p>
          Connections are encrypted, passwords are stored only as salted hashes, and every request is checked against the workspace of the signed-in user. No
          system is perfectly secure, but we design {name} so that a mistake in one place cannot expose another person&apos;s writing.
        </p>
      </LegalSection>

      <LegalSection title="9. Your choices and rights">
        <p>
          You can read, correct, export and delete your content at any time from the application. In Account settings you can change your e-mail address and
          password, sign out of every device, download everything your account holds in one archive, and delete your account; deleting it removes your
          documents, versions, voice, shared links, chats and feedback at once, and keeps only the billing records the law requires. For anything else, write to
          us at {mail}.
        </p>
      </LegalSection>

      <LegalSection title="10. Children">
        <p>
          {name} is not intended for children under 13, and we do not knowingly collect personal information from them. If you believe a child under 13 has
          given us personal information, contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalSection title="11. Changes to this policy">
        <p>
          When we change this policy we update the date at the top of this page, and we tell you in the application or by e-mail before material changes take
          effect.
        </p>
      </LegalSection>

      <LegalSection title="12. Contact">
        <p>Questions about privacy or any legal matter: {mail}. We reply within 48 hours.</p>
      </LegalSection>
    </LegalDocument>
  );
}
