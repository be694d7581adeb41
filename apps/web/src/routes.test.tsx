import { render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from './routes';

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
});
