import { act, render, renderHook, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { AppShell } from './AppShell';
import { useShellState } from './useShellState';

describe('AppShell', () => {
  it('given slots, then renders a skip link to the main landmark, the sidebar, the top bar, banners and the page', () => {
    render(
      <AppShell
        sidebar={<nav aria-label="Main">nav</nav>}
        topBar={<header>top</header>}
        banners={<div role="status">Saved.</div>}
        sidePanel={<aside aria-label="Notifications">panel</aside>}
      >
        <h1>Dashboard</h1>
      </AppShell>,
    );
    const main = screen.getByRole('main');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', `#${main.id}`);
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(main).toContainElement(screen.getByRole('status'));
    expect(main).toContainElement(screen.getByRole('heading', { name: 'Dashboard' }));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('given a ref, className and mainId, then forwards them', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <AppShell ref={ref} className="extra" mainId="page">
        <p>x</p>
      </AppShell>,
    );
    expect(ref.current?.className).toContain('extra');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'page');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <AppShell sidebar={<nav aria-label="Main">nav</nav>} topBar={<header>top</header>}>
        <h1>Dashboard</h1>
      </AppShell>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});

describe('useShellState', () => {
  it('given a storage key, when the sidebar is collapsed, then the choice survives a reload', () => {
    const key = 'test.sidebar-collapsed';
    window.localStorage.removeItem(key);
    const first = renderHook(() => useShellState({ narrow: false, collapsedStorageKey: key }));
    expect(first.result.current.sidebarCollapsed).toBe(false);
    act(() => first.result.current.setSidebarCollapsed(true));
    first.unmount();
    const reloaded = renderHook(() => useShellState({ narrow: false, collapsedStorageKey: key }));
    expect(reloaded.result.current.sidebarCollapsed).toBe(true);
    act(() => reloaded.result.current.setSidebarCollapsed(false));
    expect(renderHook(() => useShellState({ collapsedStorageKey: key })).result.current.sidebarCollapsed).toBe(false);
    window.localStorage.removeItem(key);
  });

  it('given a wide screen, then the sidebar starts open; given a narrow one, then closed', () => {
    expect(renderHook(() => useShellState({ narrow: false })).result.current.sidebarOpen).toBe(true);
    expect(renderHook(() => useShellState({ narrow: true })).result.current.sidebarOpen).toBe(false);
  });

  it('given a narrow screen, when the panel opens, then the sidebar closes, and the reverse', () => {
    const { result } = renderHook(() => useShellState({ narrow: true }));
    act(() => result.current.setSidebarOpen(true));
    expect(result.current.sidebarOpen).toBe(true);
    act(() => result.current.setPanelOpen(true));
    expect(result.current.panelOpen).toBe(true);
    expect(result.current.sidebarOpen).toBe(false);
    act(() => result.current.setSidebarOpen(true));
    expect(result.current.panelOpen).toBe(false);
  });

  it('given a wide screen, when the panel opens, then the sidebar stays open', () => {
    const { result } = renderHook(() => useShellState({ narrow: false }));
    act(() => result.current.setPanelOpen(true));
    expect(result.current.sidebarOpen).toBe(true);
    expect(result.current.panelOpen).toBe(true);
  });

  it('given a narrow screen with the sidebar open, when the route changes, then the sidebar closes', () => {
    const { result } = renderHook(() => useShellState({ narrow: true }));
    act(() => result.current.setSidebarOpen(true));
    act(() => result.current.onNavigate());
    expect(result.current.sidebarOpen).toBe(false);
  });

  it('given a sidebar closed on a wide screen, when the width crosses the breakpoint and back, then the default returns', () => {
    const { result, rerender } = renderHook(({ narrow }) => useShellState({ narrow }), {
      initialProps: { narrow: false },
    });
    act(() => result.current.setSidebarOpen(false));
    expect(result.current.sidebarOpen).toBe(false);
    rerender({ narrow: true });
    expect(result.current.sidebarOpen).toBe(false);
    rerender({ narrow: false });
    expect(result.current.sidebarOpen).toBe(true);
  });
});
