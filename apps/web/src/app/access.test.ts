import { describe, expect, it } from 'vitest';
import { canOpen } from './access';

describe('canOpen', () => {
  it('given a path with a query or a hash, then its first segment alone decides (SPEC.md §6)', () => {
    expect(canOpen('/Billing?state=overdue', 'Assistant')).toBe(true);
    expect(canOpen('/Learning-development#compliance', 'Assistant')).toBe(false);
    expect(canOpen('/Learning-development#compliance', 'Therapist')).toBe(true);
    expect(canOpen('/dashboard2', 'Assistant')).toBe(true);
    expect(canOpen('/Clients', null)).toBe(false);
  });
});
