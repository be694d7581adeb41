import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PrivacyProvider, usePrivacy } from './PrivacyProvider';
import { Sensitive } from './Sensitive';

describe('Sensitive', () => {
  it('given no provider, then content is shown, not focusable and undescribed', () => {
    render(<Sensitive>Jane Doe</Sensitive>);
    const el = screen.getByText('Jane Doe');
    expect(el).toHaveAttribute('data-state', 'shown');
    expect(el).not.toHaveAttribute('tabindex');
    expect(el).not.toHaveAccessibleDescription();
  });

  it('given privacy on, then content is hidden, focusable and described as hidden for privacy', () => {
    render(
      <PrivacyProvider defaultEnabled>
        <Sensitive>Jane Doe</Sensitive>
      </PrivacyProvider>,
    );
    const el = screen.getByText('Jane Doe');
    expect(el).toHaveAttribute('data-state', 'hidden');
    expect(el).toHaveAttribute('tabindex', '0');
    expect(el).toHaveAccessibleDescription('Hidden for privacy; hover or focus to reveal');
  });

  it('given privacy on, when hovered, then it is revealed until the pointer leaves', () => {
    render(
      <PrivacyProvider defaultEnabled>
        <Sensitive as="div">Session note text</Sensitive>
      </PrivacyProvider>,
    );
    const el = screen.getByText('Session note text');
    expect(el.tagName).toBe('DIV');
    fireEvent.pointerEnter(el);
    expect(el).toHaveAttribute('data-state', 'shown');
    fireEvent.pointerLeave(el);
    expect(el).toHaveAttribute('data-state', 'hidden');
  });

  it('given privacy on, when tabbed to, then it is revealed until focus leaves', async () => {
    render(
      <PrivacyProvider defaultEnabled>
        <Sensitive>07700 900123</Sensitive>
        <button type="button">Next</button>
      </PrivacyProvider>,
    );
    await userEvent.tab();
    const el = screen.getByText('07700 900123');
    expect(el).toHaveFocus();
    expect(el).toHaveAttribute('data-state', 'shown');
    await userEvent.tab();
    expect(el).toHaveAttribute('data-state', 'hidden');
  });

  it('given usePrivacy, when setEnabled toggles, then every Sensitive follows and onEnabledChange hears it', () => {
    const onEnabledChange = vi.fn();
    const { result } = renderHook(() => usePrivacy(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <PrivacyProvider onEnabledChange={onEnabledChange}>
          {children}
          <Sensitive>Jane</Sensitive>
          <Sensitive>Doe</Sensitive>
        </PrivacyProvider>
      ),
    });
    expect(result.current.enabled).toBe(false);
    void act(() => result.current.setEnabled(true));
    expect(result.current.enabled).toBe(true);
    expect(onEnabledChange).toHaveBeenCalledWith(true);
    expect(screen.getByText('Jane')).toHaveAttribute('data-state', 'hidden');
    expect(screen.getByText('Doe')).toHaveAttribute('data-state', 'hidden');
  });

  it('given a controlled provider, then `enabled` decides', () => {
    const { rerender } = render(
      <PrivacyProvider enabled={false}>
        <Sensitive>Jane</Sensitive>
      </PrivacyProvider>,
    );
    expect(screen.getByText('Jane')).toHaveAttribute('data-state', 'shown');
    rerender(
      <PrivacyProvider enabled>
        <Sensitive>Jane</Sensitive>
      </PrivacyProvider>,
    );
    expect(screen.getByText('Jane')).toHaveAttribute('data-state', 'hidden');
  });

  it('given usePrivacy without a provider, then privacy is off and setEnabled is harmless', () => {
    const { result } = renderHook(() => usePrivacy());
    expect(result.current.enabled).toBe(false);
    expect(() => result.current.setEnabled(true)).not.toThrow();
  });

  it('given focusable={false} inside a control, then it blurs without a tab stop of its own and shows while a field inside has focus', async () => {
    render(
      <PrivacyProvider defaultEnabled>
        <Sensitive as="div" focusable={false}>
          <label>
            Note <input defaultValue="Client reported better sleep" />
          </label>
        </Sensitive>
      </PrivacyProvider>,
    );
    const field = screen.getByRole('textbox', { name: 'Note' });
    const wrapper = field.closest('[data-privacy]')!;
    expect(wrapper).toHaveAttribute('data-state', 'hidden');
    expect(wrapper).toHaveAttribute('data-focusable', 'false');
    expect(wrapper).not.toHaveAttribute('tabindex');
    await userEvent.tab();
    expect(field).toHaveFocus();
    expect(wrapper).toHaveAttribute('data-state', 'shown');
  });

  it('given a ref and className, then it forwards both', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Sensitive ref={ref} className="extra">
        Jane
      </Sensitive>,
    );
    expect(ref.current).toHaveClass('extra');
    expect(ref.current?.tagName).toBe('SPAN');
  });

  it('has no axe violations while hidden', async () => {
    const { container } = render(
      <PrivacyProvider defaultEnabled>
        <p>
          Client: <Sensitive>Jane Doe</Sensitive>
        </p>
        <Sensitive as="div">Discussed sleep and work stress.</Sensitive>
      </PrivacyProvider>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
