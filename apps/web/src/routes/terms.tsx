import { usePublicSite } from '../public/site';
import { SupportEmailLink } from '../app/SupportEmail';
import { LegalDocument, LegalSection } from './legal/LegalDocument';

/** /terms: the terms of service (docs/PRODUCT.md#landing). */
export default function TermsRoute() {
  const name = usePublicSite().config.productName;
  const mail = <SupportEmailLink />;
  return (
    <LegalDocument
      title="Terms of Service"
      updated={new Date(2025, 5, 1)}
      intro={
        <p>
          These terms are the agreement between you and us when you use {name}. We have tried to keep them short and plain. By creating an account or using{' '}
          {name}, you accept them.
        </p>
      }
    >
      <LegalSection title={`1. Who may use ${name}`}>
        <p>
          You must be at least 18 years old, or have the consent of a parent or legal guardian who agrees to these terms on your behalf. You are responsible for
          keeping your sign-in details safe and for what happens in your account.
        </p>
      </LegalSection>

      <LegalSection title="2. Your content">
        <p>
          You own everything you write and upload. You give us only the permission we need to store, process and display your content in order to run {name} for
          you — for example, to save your documents, build your Author&apos;s Voice and send text to an AI provider when you ask for an edit. Your content is
          never used to train AI models. You are responsible for having the right to the material you upload.
        </p>
      </LegalSection>

      <LegalSection title="3. AI suggestions">
        <p>
          AI suggestions can be wrong, incomplete or unlike what you intended. Review them before you accept them; you decide what ends up in your writing and
          how you use it. Authenticity tags (Human, AI-Assisted, AI) are labels you set yourself to keep track of how a text came to be.
        </p>
      </LegalSection>

      <LegalSection title="4. Acceptable use">
        <ul>
          <li>Do not use {name} to break the law, to infringe anyone&apos;s rights, or to harass or deceive people.</li>
          <li>Do not upload malware, probe or overload the service, or try to get around plan limits or another workspace&apos;s isolation.</li>
          <li>Do not share links to material you are not allowed to publish.</li>
        </ul>
        <p>We may suspend accounts that break these rules, and we will tell you why unless the law prevents it.</p>
      </LegalSection>

      <LegalSection title="5. Plans, credits and payment">
        <ul>
          <li>
            The <strong>Free</strong> plan includes $1 of AI credits, with no credit card required.
          </li>
          <li>
            The <strong>Pro</strong> plan includes $20 of AI credits every month and renews monthly until you cancel.
          </li>
          <li>
            <strong>Pay-as-you-go</strong> usage is charged per call, within budget limits you set, once your Pro credits are used up.
          </li>
        </ul>
        <p>
          You can cancel a subscription at any time; it stays active until the end of the period you paid for. We give you at least 30 days&apos; notice before
          any price change takes effect, so you can decide whether to continue.
        </p>
      </LegalSection>

      <LegalSection title="6. Availability and changes">
        <p>
          We work to keep {name} available and your writing safe, but we cannot promise uninterrupted service. We may improve, change or retire features; when a
          change takes something important away, we tell you in advance.
        </p>
      </LegalSection>

      <LegalSection title="7. Ending the agreement">
        <p>
          You may stop using {name} and delete your account at any time. We may end or suspend your access if you seriously or repeatedly break these terms.
          Either way, you can ask for a copy of your content first.
        </p>
      </LegalSection>

      <LegalSection title="8. Disclaimer">
        <p>{name} is provided &quot;as is&quot;. To the extent the law allows, we make no warranties beyond those written in these terms.</p>
      </LegalSection>

      <LegalSection title="9. Limitation of liability">
        <p>
          To the extent the law allows, our total liability for any claim arising from these terms or from {name} is limited to the amount you paid us for the
          service in the 12 months before the event that gave rise to the claim. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </LegalSection>

      <LegalSection title="10. Changes to these terms">
        <p>
          If we change these terms, we update the date at the top of this page and tell you before the change takes effect. If you keep using {name} after that,
          the new terms apply.
        </p>
      </LegalSection>

      <LegalSection title="11. Contact">
        <p>Questions about these terms or any legal matter: {mail}. We reply within 48 hours.</p>
      </LegalSection>
    </LegalDocument>
  );
}
