import { describe, expect, it } from 'vitest';
import { ExpiringMemory } from './expiring-memory';

describe('expiring memory', () => {
  it('given an entry, then it is given out before its time and never at or after it', () => {
    const memory = new ExpiringMemory<string>(10);
    memory.set('a', 'first', 2_000, 1_000);
    expect(memory.get('a', 1_999)).toBe('first');
    expect(memory.get('a', 2_000)).toBeUndefined();
    expect(memory.get('a', 1_500)).toBeUndefined();
  });

  it('given an entry whose time has already passed, then it is not remembered', () => {
    const memory = new ExpiringMemory<string>(10);
    memory.set('a', 'late', 1_000, 1_000);
    expect(memory.get('a', 999)).toBeUndefined();
  });

  it('given a full memory, then a new entry makes it forget the least recently used one only', () => {
    const now = Date.now();
    const memory = new ExpiringMemory<number>(2);
    memory.set('a', 1, now + 60_000, now);
    memory.set('b', 2, now + 60_000, now);
    expect(memory.get('a', now)).toBe(1);
    memory.set('c', 3, now + 60_000, now);
    expect([memory.get('a', now), memory.get('b', now), memory.get('c', now)]).toEqual([1, undefined, 3]);
  });

  it('given clear, then everything is forgotten', () => {
    const now = Date.now();
    const memory = new ExpiringMemory<number>(2);
    memory.set('a', 1, now + 60_000, now);
    memory.clear();
    expect(memory.get('a', now)).toBeUndefined();
  });
});
