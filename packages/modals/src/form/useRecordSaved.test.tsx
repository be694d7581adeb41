import { BannerProvider, BannerRegion } from '@halcyon/design-system';
import { renderHook, screen, act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRecordSaved } from './useRecordSaved';

const MESSAGES = { created: 'Service created.', updated: 'Service updated.' };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <BannerProvider>
      <BannerRegion />
      {children}
    </BannerProvider>
  );
}

describe('useRecordSaved', () => {
  it.each([
    [false, MESSAGES.created],
    [true, MESSAGES.updated],
  ])('given editing is %s, then the save says “%s” and onSaved receives the record', async (editing, message) => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useRecordSaved(editing, MESSAGES, onSaved), { wrapper });
    await act(() => result.current({ id: 3 }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith({ id: 3 });
  });

  it('given the save answered no record, then it still says so and onSaved is not called', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() => useRecordSaved(false, MESSAGES, onSaved), { wrapper });
    await act(() => result.current(null));
    expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
