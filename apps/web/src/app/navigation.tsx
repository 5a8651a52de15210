import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

/** How a route change is made: `replace` swaps the current history entry; `state` travels with the entry (history.state). */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to an address inside the app (absolute paths only). Stable between renders, like wouter's own. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useLocation()[1];
}

/** The state handed over by the navigation that opened this history entry (null when none). */
export function useNavigationState(): unknown {
  return useHistoryState<unknown>();
}

/**
 * A route parameter, decoded: the address keeps percent-escapes (a search opens
 * `/app/${encodeURIComponent(id)}`) and wouter hands them over as they are.
 */
export function useRouteParam(name: string): string | undefined {
  const value = useParams()[name];
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

interface NavLinkProps {
  to: string;
  className: (active: boolean) => string;
  onClick?: () => void;
  children: ReactNode;
}

/** A link that knows when its address is the current page: styled by `className(active)` and marked aria-current="page" for screen readers. */
export function NavLink({ to, className, onClick, children }: NavLinkProps) {
  const [path] = useLocation();
  // As React Router's NavLink with `end`: the whole path, any letter case, a trailing slash or not.
  const active = path.replace(/\/+$/, '').toLowerCase() === to.replace(/\/+$/, '').toLowerCase();
  return (
    <Link href={to} onClick={onClick} className={className(active)} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/**
 * Acts once on a query parameter that asks for an action (`/app?new`, `/app?copy={slug}`): the parameter is
 * taken out of the address first (replacing the history entry), so a reload or Back never does it twice.
 * `act` gets the parameter's value ('' for a bare `?new`).
 */
export function useOneTimeSearchParam(name: string, act: (value: string) => void): void {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const handled = useRef(false);
  useEffect(() => {
    if (value === null || handled.current) return;
    handled.current = true;
    setParams(
      (current) => {
        current.delete(name);
        return current;
      },
      { replace: true },
    );
    act(value);
  }, [name, value, setParams, act]);
}
