/**
 * Test helper: what react-hook-form's `register(name)` hands an input (name, ref callback, onChange, onBlur), with
 * the values it reads back. The design system does not depend on react-hook-form; this pins the contract it relies on.
 */
import type { ChangeEvent, FocusEvent } from 'react';

type Native = HTMLInputElement | HTMLTextAreaElement;

export function registerLike(name: string, defaultValue?: string) {
  const state = { element: null as Native | null, value: defaultValue ?? '', touched: false };
  return {
    state,
    props: {
      name,
      ref: (element: Native | null) => {
        state.element = element;
        // Like react-hook-form, default values are written straight into the element.
        if (element && defaultValue !== undefined) element.value = defaultValue;
      },
      onChange: (event: ChangeEvent<Native>) => {
        state.value = event.target.value;
      },
      onBlur: (_event: FocusEvent<Native>) => {
        state.touched = true;
      },
    },
  };
}
