import { useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses, Dialog, Popover, PopoverClose } from '../../ui';
import { useServices } from '../../app/services';
import { QualityToggle } from '../assistant';
import { emailConfirmationLink } from './emailConfirmation';
import { useAuthState } from './AuthSession';
import { LazyVoicePanel } from '../voice';
import { ProfileBilling, ProfilePlanBadge } from '../billing';
import { FeedbackDialog } from '../feedback';
import { ProfileAdminBlock } from '../admin/ProfileAdminBlock';
import { InstallAppButton } from '../install';

/** Avatar text: first letter of the name, else of the e-mail, else '?'. */
export function avatarLetter(name?: string, email?: string): string {
  const source = name?.trim() || email?.trim() || '';
  return source ? source.charAt(0).toUpperCase() : '?';
}

function Avatar({ picture, letter, size }: { picture?: string; letter: string; size: 'sm' | 'lg' }) {
  const box = `shrink-0 ${size === 'sm' ? 'size-9 text-sm' : 'size-12 text-lg'}`;
  if (picture) return <img src={picture} alt="" className={`${box} rounded-full object-cover`} />;
  return (
    <span aria-hidden="true" className={`${box} inline-flex items-center justify-center rounded-full bg-accent font-semibold text-white`}>
      {letter}
    </span>
  );
}

/**
 * The header's profile menu: avatar, name, e-mail, the Voice panel (the same one as in the editor,
 * in a dialog that outlives the popover), 'Submit Feedback' (a dialog too), the Trash, 'Account settings', 'Install app' while the browser offers it, and Sign Out (back to the site origin). A writer whose
 * address is not confirmed yet, on a Bree that mails links, also finds where to get a new link. With billing on,
 * the plan's badge, Upgrade or Manage Subscription, the AI credit and pay-as-you-go blocks; administrators also find the Admin block.
 */
export function ProfileMenu() {
  const [voiceOpen, setVoiceOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <>
      <ProfilePopover onVoice={() => setVoiceOpen(true)} onFeedback={() => setFeedbackOpen(true)} />
      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
      <Dialog open={voiceOpen} onOpenChange={setVoiceOpen} title="Voice" description="What Bree has learned about how you write." className="max-w-xl">
        {voiceOpen && <LazyVoicePanel />}
      </Dialog>
    </>
  );
}

function ProfilePopover({ onVoice, onFeedback }: { onVoice: () => void; onFeedback: () => void }) {
  const auth = useAuthState();
  const { tokens, config } = useServices();
  const [signingOut, setSigningOut] = useState(false);
  const profile = auth.user?.profile;
  const name = typeof profile?.name === 'string' ? profile.name : undefined;
  const email = typeof profile?.email === 'string' ? profile.email : undefined;
  const picture = typeof profile?.picture === 'string' ? profile.picture : undefined;
  const letter = avatarLetter(name, email);
  const confirmEmailUrl = emailConfirmationLink({ accessToken: auth.user?.access_token, url: config.oidc.emailConfirmationUrl });

  return (
    <Popover
      label="Profile"
      // The menu carries the meter (docs/BILLING.md#the-meter): on a short phone screen it scrolls
      // within the space Radix measures, so Sign Out stays reachable.
      className="max-h-[var(--radix-popover-content-available-height)] overflow-y-auto"
      trigger={
        <button
          type="button"
          aria-label="Open profile menu"
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          <Avatar picture={picture} letter={letter} size="sm" />
        </button>
      }
    >
      <div className="flex items-center gap-3">
        <Avatar picture={picture} letter={letter} size="lg" />
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            {name && <p className="truncate font-medium text-ink">{name}</p>}
            <ProfilePlanBadge />
          </div>
          {email && <p className="truncate text-sm text-muted">{email}</p>}
          {!name && !email && <p className="text-sm text-muted">Signed in</p>}
        </div>
      </div>
      {confirmEmailUrl && (
        <a href={confirmEmailUrl} className={buttonClasses({ variant: 'ghost', className: 'mt-3 w-full justify-start' })}>
          Confirm your email address
        </a>
      )}
      <div className="mt-4 border-t border-line pt-3">
        <QualityToggle />
      </div>
      <ProfileBilling />
      <ProfileAdminBlock />
      <div className="mt-3 flex flex-col border-t border-line pt-3">
        <PopoverClose asChild>
          <Button variant="ghost" className="w-full justify-start" onClick={onVoice}>
            Voice
          </Button>
        </PopoverClose>
        <PopoverClose asChild>
          <Button variant="ghost" className="w-full justify-start" onClick={onFeedback}>
            Submit Feedback
          </Button>
        </PopoverClose>
        {/* Without billing the menu has no billing blocks: this is its way to the usage page (docs/BILLING.md). */}
        {!config.billing.enabled && (
          <PopoverClose asChild>
            <Link to="/subscription" className={buttonClasses({ variant: 'ghost', className: 'w-full justify-start' })}>
              Usage
            </Link>
          </PopoverClose>
        )}
        <PopoverClose asChild>
          <Link to="/app/trash" className={buttonClasses({ variant: 'ghost', className: 'w-full justify-start' })}>
            Trash
          </Link>
        </PopoverClose>
        <PopoverClose asChild>
          <Link to="/account" className={buttonClasses({ variant: 'ghost', className: 'w-full justify-start' })}>
            Account settings
          </Link>
        </PopoverClose>
        <InstallAppButton />
      </div>
      <div className="mt-3 border-t border-line pt-3">
        <Button
          variant="ghost"
          className="w-full justify-start"
          loading={signingOut}
          onClick={() => {
            setSigningOut(true);
            void tokens.signOut();
          }}
        >
          Sign Out
        </Button>
      </div>
    </Popover>
  );
}
