import { describe, expect, it } from 'vitest';
import { missingModalTypes, registry } from './registry';
import type { ModalApi } from './host/context';
import { MODAL_TYPES, isModalType } from './types';

describe('modal types and registry', () => {
  it('given SPEC.md §2, then the 53 modal types are listed once each, in its order', () => {
    expect(MODAL_TYPES).toHaveLength(53);
    expect(new Set(MODAL_TYPES).size).toBe(53);
    expect(MODAL_TYPES.slice(0, 3)).toEqual(['filter', 'delete-item', 'schedule-appointment']);
    expect(MODAL_TYPES.at(-1)).toBe('set-email-template');
    expect(isModalType('task')).toBe(true);
    expect(isModalType('Task')).toBe(false);
  });

  it('given the registry, then every entry is a known type', () => {
    for (const type of Object.keys(registry)) expect(isModalType(type)).toBe(true);
  });

  // Each domain issue removes the types it builds; the last one switches the registry to
  // `satisfies Record<ModalType, ...>` and this list becomes empty.
  it('given the modals built so far, then these types still have no component', () => {
    expect(missingModalTypes()).toEqual([]);
  });

  it('given the typed open, then each type takes its own props (checked by the type check)', () => {
    const typedCalls = (modal: ModalApi) => {
      // @ts-expect-error delete-item needs its kind and its delete action
      modal.open('delete-item');
      // @ts-expect-error a route and a callback cannot both delete
      modal.open('delete-item', { kind: 'task', route: 'revokeSession', onDelete: () => Promise.resolve() });
      // @ts-expect-error an unknown type does not compile
      modal.open('no-such-modal');
      // @ts-expect-error the kind must be one of the 28
      modal.open('delete-item', { kind: 'client', onDelete: () => Promise.resolve() });
      modal.open('set-service');
      modal.open('set-service', { id: 3, onSaved: () => {} });
      modal.open('filter', { fields: [], values: {}, onApply: () => {} });
      modal.open('delete-item', { kind: 'session-note', clientName: 'Jane D.', onDelete: () => Promise.resolve() });
    };
    expect(typedCalls).toBeTypeOf('function');
  });
});
