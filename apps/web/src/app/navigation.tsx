import { Link } from '@halcyon/design-system';
import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';

export interface NavigateOptions {
  replace?: boolean;
  /** Handed to the next screen (e.g. `LoginLocationState`). */
  state?: unknown;
}

/**
 * How a screen moves on without importing the router: the /Login screen runs both inside the router
 * (`RouterNavigation`) and in the light entry that loads before sign-in with no router at all (`LoginEntry`).
 */
export interface AppNavigation {
  navigate: (to: string, options?: NavigateOptions) => void;
  /** The state this screen was opened with. */
  state: unknown;
}

export const NavigationContext = createContext<AppNavigation | null>(null);

export function useAppNavigation(): AppNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useAppNavigation needs a RouterNavigation or the light LoginEntry above it.');
  return navigation;
}

/** A plain left click, which the app handles; a modified or middle click opens the link as the browser would. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/** A design-system link to an app path for screens that use `useAppNavigation` (no page load on a plain click). */
export function AppLink({
  to,
  children,
  variant = 'inline',
}: {
  to: string;
  children: ReactNode;
  variant?: 'inline' | 'standalone';
}) {
  const { navigate } = useAppNavigation();
  return (
    <Link
      href={to}
      variant={variant}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
}
