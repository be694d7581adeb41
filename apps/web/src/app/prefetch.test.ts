import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { prefetchPage, setPrefetchRoutes } from './prefetch';

function routesWith(lazy: () => Promise<object>): RouteObject[] {
  return [
    {
      path: '/',
      children: [
        { path: '/Clients', lazy },
        { path: '/Clients/:id', lazy: () => Promise.resolve({}) },
      ],
    },
  ];
}

describe('prefetchPage', () => {
  it('given the routes, when a link to a page is pointed at twice, then its code is asked for once', () => {
    const lazy = vi.fn(() => Promise.resolve({}));
    setPrefetchRoutes(routesWith(lazy));
    prefetchPage('/Clients?page=2#top');
    prefetchPage('/Clients');
    expect(lazy).toHaveBeenCalledTimes(1);
  });

  it('given a path no route matches, then nothing loads', () => {
    const lazy = vi.fn(() => Promise.resolve({}));
    setPrefetchRoutes(routesWith(lazy));
    prefetchPage('/Nowhere');
    expect(lazy).not.toHaveBeenCalled();
  });

  it('given a load that failed (offline), when the link is pointed at again, then it is tried again', async () => {
    const lazy = vi
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({});
    setPrefetchRoutes(routesWith(lazy));
    prefetchPage('/Clients');
    await vi.waitFor(() => expect(lazy).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    prefetchPage('/Clients');
    expect(lazy).toHaveBeenCalledTimes(2);
  });
});
