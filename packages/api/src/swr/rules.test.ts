import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../client/errors';
import { isRouteKey, routeKey, routeOfKey } from './keys';
import { clearFailedLoad, listItems, prependItem, removeItemFromList, resourceState, shouldLoad } from './rules';

describe('SPEC.md §4 cache rules', () => {
  it('given what SWR reports, then the state is not loaded, refreshing or loaded', () => {
    expect(resourceState({ data: undefined, isValidating: false })).toBe('not loaded');
    expect(resourceState({ data: undefined, isValidating: true })).toBe('refreshing');
    expect(resourceState({ data: { id: 1 }, isValidating: true })).toBe('refreshing');
    expect(resourceState({ data: { id: 1 }, isValidating: false })).toBe('loaded');
    expect(resourceState({ data: null, isValidating: false })).toBe('loaded');
  });

  it('given a failed load, then it is logged and cleared; a load aborted by the sign-out is cleared without a log', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mutate = vi.fn(() => Promise.resolve(undefined));
    await clearFailedLoad(
      mutate as never,
      ['userDetails', {}],
      new ApiError(500, 'Failed to fetch /api/user-details. Status: 500'),
    );
    expect(logged).toHaveBeenCalledTimes(1);
    await clearFailedLoad(
      mutate as never,
      ['userDetails', {}],
      new DOMException('The session was signed out.', 'AbortError'),
    );
    expect(logged).toHaveBeenCalledTimes(1);
    expect(mutate).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it('given a state, then a load is skipped when loaded (unless forced) and always while refreshing', () => {
    expect(shouldLoad('not loaded')).toBe(true);
    expect(shouldLoad('loaded')).toBe(false);
    expect(shouldLoad('loaded', true)).toBe(true);
    expect(shouldLoad('refreshing')).toBe(false);
    expect(shouldLoad('refreshing', true)).toBe(false);
  });

  it('given a list as an array or as {items}, when an item is removed by id, then the shape is kept', () => {
    expect(removeItemFromList([{ id: 1 }, { id: 2 }], 1)).toEqual([{ id: 2 }]);
    expect(removeItemFromList({ items: [{ id: 1 }, { id: 2 }], total: 2 }, 2)).toEqual({
      items: [{ id: 1 }],
      total: 2,
    });
    const untouched = [{ id: 1 }];
    expect(removeItemFromList(untouched, 5)).toBe(untouched);
    expect(removeItemFromList({ id: 1 }, 1)).toEqual({ id: 1 });
  });

  it('given a list, when a new item is added, then it goes to the front (an older copy with its id is dropped)', () => {
    expect(prependItem([{ id: 1 }, { id: 2 }], { id: 3 })).toEqual([{ id: 3 }, { id: 1 }, { id: 2 }]);
    expect(prependItem({ items: [{ id: 1 }, { id: 2, v: 'old' }] }, { id: 2, v: 'new' })).toEqual({
      items: [{ id: 2, v: 'new' }, { id: 1 }],
    });
    expect(listItems('nope')).toBeUndefined();
  });

  it('given route names and inputs, then keys are built in one way and recognised', () => {
    expect(routeKey('userDetails')).toEqual(['userDetails']);
    expect(routeKey('userDetails', {})).toEqual(['userDetails']);
    expect(routeKey('therapistRetrieve', { params: { id: 3 } })).toEqual(['therapistRetrieve', { params: { id: 3 } }]);
    expect(isRouteKey(['listMembers'], ['listMembers'])).toBe(true);
    expect(isRouteKey(['listMembers'], ['userDetails'])).toBe(false);
    expect(isRouteKey('plain')).toBe(false);
    expect(routeOfKey(['getPractice'])).toBe('getPractice');
  });
});
