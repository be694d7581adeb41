import { useApiClient, usePractice } from '@halcyon/api/swr';
import {
  AppShell,
  BannerRegion,
  IconButton,
  Switch,
  TopBar,
  useBanners,
  usePrivacy,
  useShellState,
} from '@halcyon/design-system';
import { Suspense, useCallback, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { canOpen } from '../app/access';
import { Menu } from '../app/icons';
import { PageLoading } from '../app/PageLoading';
import { currentReturnPath, SIDEBAR_COLLAPSED_STORAGE_KEY, signOut, type LoginLocationState } from '../app/session';
import { useUserState } from '../app/userStore';
import { AppSidebar } from './AppSidebar';
import { ClientSearch } from './ClientSearch';
import { NotificationsPanel } from './NotificationsPanel';
import { useAcknowledgements } from './useAcknowledgements';
import { useCounts, type ShellCounts } from './useCounts';
import { useIdleTimeout } from './useIdleTimeout';
import styles from './Shell.module.css';

/** The shared layout of every signed-in page (SPEC.md §2): sidebar, top bar, banners, the page and the notifications panel. */
export function ShellLayout() {
  const client = useApiClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useUserState();
  const role = user?.role ?? 'Assistant';
  const practice = usePractice();
  const shell = useShellState({ collapsedStorageKey: SIDEBAR_COLLAPSED_STORAGE_KEY });
  const { onNavigate } = shell;
  const { notify } = useBanners();
  const privacy = usePrivacy();

  const counts = useCounts({ appointments: canOpen('/Appointments', role), messages: canOpen('/Messages', role) });

  const showError = useCallback((message: string) => void notify({ variant: 'error', message }), [notify]);
  const acknowledgements = useAcknowledgements(client, showError);
  const badges: ShellCounts = {
    ...counts,
    notifications: Math.max(0, counts.notifications - acknowledgements.pendingIds.size),
  };

  // The sidebar closes on every route change on a narrow screen.
  useEffect(() => {
    onNavigate();
  }, [pathname, onNavigate]);

  const leave = useCallback(
    async (state: LoginLocationState = {}) => {
      await signOut(client);
      void navigate('/login', { replace: true, state });
    },
    [client, navigate],
  );

  useIdleTimeout(
    practice.data?.idleTimeoutMinutes,
    useCallback(
      () =>
        void notify({
          variant: 'info',
          message: 'You will be signed out in one minute because of inactivity. Move the mouse or press a key to stay.',
          timeout: 55_000,
        }),
      [notify],
    ),
    useCallback(() => void leave({ sessionExpired: true, from: currentReturnPath() ?? undefined }), [leave]),
  );

  return (
    <AppShell
      className={styles.shell}
      sidebar={
        <AppSidebar
          role={role}
          counts={badges}
          privacy={privacy.enabled}
          onPrivacyChange={privacy.setEnabled}
          onNotifications={() => shell.setPanelOpen(!shell.panelOpen)}
          onSignOut={() => void leave({ notice: 'You have been signed out.' })}
          open={shell.sidebarOpen}
          onOpenChange={shell.setSidebarOpen}
          collapsed={shell.sidebarCollapsed}
          onCollapsedChange={shell.setSidebarCollapsed}
          overlay={shell.narrow}
          practiceName={practice.data?.name}
        />
      }
      topBar={
        <TopBar
          start={
            <IconButton
              label={shell.sidebarOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={shell.sidebarOpen}
              icon={<Menu />}
              onClick={() => shell.setSidebarOpen(!shell.sidebarOpen)}
            />
          }
          search={<ClientSearch />}
          end={<Switch label="Privacy" checked={privacy.enabled} onCheckedChange={privacy.setEnabled} />}
        />
      }
      banners={<BannerRegion />}
      sidePanel={
        <NotificationsPanel
          open={shell.panelOpen}
          onOpenChange={shell.setPanelOpen}
          overlay={shell.narrow}
          acknowledgements={acknowledgements}
          onError={showError}
        />
      }
    >
      <div className={styles.page}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </AppShell>
  );
}
