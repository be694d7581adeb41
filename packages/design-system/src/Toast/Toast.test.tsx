import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { createRef, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toast, ToastProvider, ToastViewport, useToast } from './Toast';

/** Renders a provider with its viewport and returns the latest `useToast()` result. */
function renderApp(duration?: number) {
  const { result } = renderHook(() => useToast(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <ToastProvider duration={duration}>
        {children}
        <ToastViewport />
      </ToastProvider>
    ),
  });
  return { api: () => result.current };
}

describe('Toast', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('given toast(), then it shows title and description and returns an id', () => {
    const { api } = renderApp();
    let id = '';
    void act(() => {
      id = api().toast({ title: 'Reminder sent', description: 'The client will get an e-mail.' });
    });
    expect(id).toMatch(/^toast/);
    expect(screen.getByText('Reminder sent')).toBeInTheDocument();
    expect(screen.getByText('The client will get an e-mail.')).toBeInTheDocument();
  });

  it('given a toast, when its duration passes, then it closes by itself', () => {
    vi.useFakeTimers();
    const { api } = renderApp(3000);
    void act(() => void api().toast({ title: 'Copied' }));
    expect(screen.getByText('Copied')).toBeInTheDocument();
    void act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });

  it('given a toast, when Dismiss is clicked or dismiss(id) is called, then it goes', () => {
    const { api } = renderApp();
    let id = '';
    void act(() => {
      api().toast({ title: 'First' });
      id = api().toast({ title: 'Second' });
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    void act(() => api().dismiss(id));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('given an action, when clicked, then it runs and the toast closes', () => {
    const onClick = vi.fn();
    const { api } = renderApp();
    void act(
      () => void api().toast({ title: 'Note archived', action: { label: 'Undo', altText: 'Undo archive', onClick } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Note archived')).not.toBeInTheDocument();
  });

  it('given a controlled Toast, then it forwards ref and className and reports closing', () => {
    const ref = createRef<HTMLLIElement>();
    const onOpenChange = vi.fn();
    render(
      <ToastProvider>
        <Toast ref={ref} className="extra" title="Saved" variant="success" open onOpenChange={onOpenChange} />
        <ToastViewport />
      </ToastProvider>,
    );
    expect(ref.current).toHaveClass('extra');
    expect(ref.current).toHaveAttribute('data-variant', 'success');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('given no provider, then useToast says what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useToast())).toThrow('useToast() must be used inside a <ToastProvider>.');
  });

  it('has no axe violations', async () => {
    const { api } = renderApp();
    void act(() => void api().toast({ title: 'Saved', description: 'All changes saved.', variant: 'success' }));
    await expect(document.body).toHaveNoAxeViolations();
  });
});
