import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner } from './Banner';
import { BANNER_TIMEOUT_MS, BannerProvider, BannerRegion, useBanners, type BannersApi } from './BannerProvider';

function App({ children }: { children?: ReactNode }) {
  return (
    <BannerProvider>
      <BannerRegion />
      {children}
    </BannerProvider>
  );
}
/** Renders the provider with its region and returns the latest `useBanners()` result. */
function renderApp() {
  const { result } = renderHook(() => useBanners(), { wrapper: App });
  return () => result.current;
}
let api: () => BannersApi;
const notify = (b: Parameters<BannersApi['notify']>[0]) => {
  let id = '';
  void act(() => {
    id = api().notify(b);
  });
  return id;
};

describe('Banner', () => {
  it('given the SPEC default, then it is 5000 ms', () => {
    expect(BANNER_TIMEOUT_MS).toBe(5000);
  });

  it('given an error, then it is an alert; success and info are status messages', () => {
    render(
      <>
        <Banner variant="error">Failed to delete item. Please try again.</Banner>
        <Banner variant="success">Saved.</Banner>
        <Banner>Heads up.</Banner>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete item. Please try again.');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Saved.', 'Heads up.']);
  });

  it('given onDismiss, when the dismiss button is clicked, then it is called', async () => {
    const onDismiss = vi.fn();
    render(<Banner onDismiss={onDismiss}>Saved.</Banner>);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('given a ref and className, then it forwards both and exposes the variant', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <Banner ref={ref} className="extra" variant="success">
        Saved.
      </Banner>,
    );
    expect(ref.current).toHaveClass('extra');
    expect(ref.current).toHaveAttribute('data-variant', 'success');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Banner variant="error" onDismiss={() => undefined}>
        Session expired. Please log in again.
      </Banner>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});

describe('BannerProvider, useBanners and BannerRegion', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('given notify, then the banner shows, notify returns its id and dismiss(id) removes it', () => {
    api = renderApp();
    const id = notify({ variant: 'success', message: 'Session note was successfully deleted.' });
    expect(typeof id).toBe('string');
    expect(api().banners).toEqual([
      { id, variant: 'success', message: 'Session note was successfully deleted.', timeout: BANNER_TIMEOUT_MS },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Session note was successfully deleted.');
    void act(() => api().dismiss(id));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('given no timeout, when 5000 ms pass, then the banner dismisses itself (not a moment before)', () => {
    api = renderApp();
    notify({ variant: 'info', message: 'Calendar synced.' });
    void act(() => vi.advanceTimersByTime(BANNER_TIMEOUT_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    void act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('given a custom timeout, then it is used; timeout 0 keeps the banner', () => {
    api = renderApp();
    notify({ variant: 'info', message: 'Short', timeout: 1000 });
    notify({ variant: 'error', message: 'Sticky', timeout: 0 });
    void act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Short')).not.toBeInTheDocument();
    void act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Sticky');
  });

  it('given a hovered banner, then the countdown pauses and resumes with the time left', () => {
    api = renderApp();
    notify({ variant: 'success', message: 'Invoice sent.' });
    void act(() => vi.advanceTimersByTime(3000));
    const banner = screen.getByRole('status');
    fireEvent.mouseEnter(banner);
    expect(banner).toHaveAttribute('data-state', 'paused');
    void act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByRole('status')).toBeInTheDocument();
    fireEvent.mouseLeave(banner);
    void act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    void act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('given focus inside a banner, then the countdown pauses until focus leaves', () => {
    api = renderApp();
    notify({ variant: 'error', message: 'Failed to upload file. Status: 500' });
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    void act(() => dismiss.focus());
    void act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    void act(() => dismiss.blur());
    void act(() => vi.advanceTimersByTime(BANNER_TIMEOUT_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('given several banners, then they stack oldest first and each keeps its own timer', () => {
    api = renderApp();
    notify({ variant: 'info', message: 'First' });
    void act(() => vi.advanceTimersByTime(2000));
    notify({ variant: 'success', message: 'Second' });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['First', 'Second']);
    void act(() => vi.advanceTimersByTime(3000));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Second']);
  });

  it('given the dismiss button, when clicked, then the banner goes at once', () => {
    api = renderApp();
    notify({ variant: 'success', message: 'Saved.' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('given no provider, then useBanners says what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useBanners())).toThrow('useBanners() must be used inside a <BannerProvider>.');
  });

  it('has no axe violations with a stack', async () => {
    vi.useRealTimers();
    api = renderApp();
    notify({ variant: 'error', message: 'Failed' });
    notify({ variant: 'success', message: 'Saved' });
    await expect(document.body).toHaveNoAxeViolations();
  });
});
