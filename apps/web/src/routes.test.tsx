import { render, screen } from '@testing-library/react';
import { RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_TITLES } from './app/pageTitle';
import { createAppRouter, routeObjects } from './routes';

function routePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

describe('createAppRouter', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('given a full load whose page code is still on its way, then it says it is loading, with no router warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/Terms');
    const router = createAppRouter([{ path: '/Terms', lazy: () => new Promise<never>(() => undefined) }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('HydrateFallback'));
    router.dispose();
  });

  it('given any page of the route table, then the browser tab names it (WCAG 2.4.2), never only "Halcyon"', () => {
    const untitled = routePaths(routeObjects).filter((path) => path !== '/' && !PAGE_TITLES[path]);
    expect(untitled).toEqual([]);
  });

  it('given a navigation, then the tab title follows the page once it has loaded', async () => {
    window.history.replaceState(null, '', '/Terms-of-service');
    const router = createAppRouter([
      { path: '/Terms-of-service', element: <h1>Terms</h1> },
      { path: '/Clients/:id', element: <h1>A client</h1> },
      { path: '*', element: <h1>Nowhere</h1> },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Terms' });
    expect(document.title).toBe('Terms of service · Halcyon');
    await router.navigate('/Clients/42');
    await screen.findByRole('heading', { name: 'A client' });
    expect(document.title).toBe('Client record · Halcyon');
    await router.navigate('/somewhere-else');
    expect(document.title).toBe('Page not found · Halcyon');
    router.dispose();
  });
});
