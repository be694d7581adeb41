import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NavigationContext, type AppNavigation } from './navigation';

/** `useAppNavigation` inside the router: navigation and the location's state come from react-router. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const value = useMemo<AppNavigation>(
    () => ({ navigate: (to, options) => void navigate(to, options ?? {}), state }),
    [navigate, state],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
