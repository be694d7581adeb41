import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from '../TextField';
import { FieldRow } from './FieldRow';

describe('FieldRow', () => {
  it('given fields, a ref and a class, then one element holds the fields in order, named and described as before', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <FieldRow ref={ref} className="extra" columnMin="lg">
        <TextField label="Currency" hint="The default for services and invoices." />
        <TextField label="Tax number" />
      </FieldRow>,
    );
    const boxes = screen.getAllByRole('textbox');
    expect(boxes.map((box) => box.closest('[data-layout]')?.parentElement)).toEqual([ref.current, ref.current]);
    expect(boxes[0]).toHaveAccessibleName('Currency');
    expect(boxes[0]).toHaveAccessibleDescription('The default for services and invoices.');
    expect(ref.current?.className).toContain('extra');
    expect(ref.current?.style.getPropertyValue('--hds-field-row-min')).toBe('14rem');
  });
});
