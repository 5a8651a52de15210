import { usePublicSite } from '../public/site';

/** The installation's support address (SUPPORT_EMAIL, from GET /api/config); undefined when the operator set none. */
export function useSupportEmail(): string | undefined {
  return usePublicSite().config.supportEmail;
}

/** The support address as a mail link, or words naming the operator when this installation has no address configured. */
export function SupportEmailLink({ className = 'text-accent underline underline-offset-4' }: { className?: string }) {
  const email = useSupportEmail();
  if (!email) return <>the administrator of this installation</>;
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}
