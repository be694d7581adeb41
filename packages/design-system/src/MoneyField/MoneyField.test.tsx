import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MoneyField } from './MoneyField';
import { formatMinorUnits, formatMoney, parseMoney } from './money';

describe('money helpers', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['.5', 50],
    ['1,234.56', 123456],
    ['£ 7.05', 705],
    ['12,50', 1250],
  ])('given %j in GBP, then parses to %i minor units', (text, minor) => {
    expect(parseMoney(text, 'GBP', 'en-GB')).toBe(minor);
  });

  it('given empty or invalid text, then null and undefined', () => {
    expect(parseMoney('  ', 'GBP', 'en-GB')).toBeNull();
    expect(parseMoney('12.505', 'GBP', 'en-GB')).toBeUndefined();
    expect(parseMoney('twelve', 'GBP', 'en-GB')).toBeUndefined();
    expect(parseMoney('-5', 'GBP', 'en-GB')).toBeUndefined();
  });

  it('given a currency without minor digits or another locale, then it follows the currency', () => {
    expect(parseMoney('1500', 'JPY', 'ja-JP')).toBe(1500);
    expect(parseMoney('1.234,50', 'EUR', 'de-DE')).toBe(123450);
    expect(formatMinorUnits(1250, 'GBP', 'en-GB')).toBe('12.50');
    expect(formatMinorUnits(5, 'GBP', 'en-GB')).toBe('0.05');
    expect(formatMoney(1250, 'GBP', 'en-GB')).toBe('£12.50');
  });
});

describe('MoneyField', () => {
  it('given GBP, then the pound sign shows and the currency is part of the description', () => {
    render(<MoneyField label="Fee" currency="GBP" locale="en-GB" />);
    expect(screen.getByText('£')).toHaveAttribute('aria-hidden', 'true');
    const input = screen.getByRole('textbox', { name: 'Fee' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAccessibleDescription(/in British pound/i);
  });

  it('given typing "12.50", then onValueChange receives 1250 and blur keeps two decimals', async () => {
    const onValueChange = vi.fn();
    render(<MoneyField label="Fee" currency="GBP" locale="en-GB" onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Fee' });
    await userEvent.type(input, '12.5');
    expect(onValueChange).toHaveBeenLastCalledWith(1250);
    await userEvent.tab();
    expect(input).toHaveValue('12.50');
  });

  it('given text that is not an amount, when leaving the field, then it says what to type', async () => {
    render(<MoneyField label="Fee" currency="GBP" locale="en-GB" />);
    const input = screen.getByRole('textbox', { name: 'Fee' });
    await userEvent.type(input, '12.345');
    await userEvent.tab();
    expect(input).toBeInvalid();
    expect(screen.getByText('Enter an amount like 12.50.')).toBeInTheDocument();
  });

  it('given a controlled value, then changes from outside show and typing reports minor units', async () => {
    function Owner() {
      const [value, setValue] = useState<number | null>(4500);
      return (
        <>
          <MoneyField label="Fee" currency="GBP" locale="en-GB" value={value} onValueChange={setValue} />
          <button type="button" onClick={() => setValue(6000)}>
            Use standard fee
          </button>
          <output>{String(value)}</output>
        </>
      );
    }
    render(<Owner />);
    const input = screen.getByRole('textbox', { name: 'Fee' });
    expect(input).toHaveValue('45.00');
    await userEvent.click(screen.getByRole('button', { name: 'Use standard fee' }));
    expect(input).toHaveValue('60.00');
    await userEvent.clear(input);
    await userEvent.type(input, '7');
    expect(screen.getByRole('status')).toHaveTextContent('700');
  });

  it('given a ref, then it is the input', () => {
    const ref = createRef<HTMLInputElement>();
    render(<MoneyField ref={ref} label="Fee" currency="EUR" defaultValue={999} />);
    expect(ref.current).toHaveValue(formatMinorUnits(999, 'EUR'));
  });

  it('has no axe violations', async () => {
    const { container } = render(<MoneyField label="Fee" currency="GBP" defaultValue={6000} hint="Per session." />);
    await expect(container).toHaveNoAxeViolations();
  });
});
