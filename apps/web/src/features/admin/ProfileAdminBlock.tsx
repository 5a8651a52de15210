import { Link } from 'wouter';
import { PopoverClose, buttonClasses } from '../../ui';
import { useAccess } from './api';

/** The profile menu's Admin block: the way to the admin portal, shown to administrators only (the server decides who is one). */
export function ProfileAdminBlock() {
  const access = useAccess();
  if (!access.data?.isAdmin) return null;
  return (
    <div className="mt-3 border-t border-line pt-3">
      <p className="px-3 text-xs font-semibold tracking-wide text-muted uppercase">Admin</p>
      <PopoverClose asChild>
        <Link to="/admin" className={buttonClasses({ variant: 'ghost', className: 'mt-1 w-full justify-start' })}>
          Admin portal
        </Link>
      </PopoverClose>
    </div>
  );
}
