import { describe, expect, it } from 'vitest';
import { returnPathOf } from './session';

describe('returnPathOf (the page to return to after sign-in)', () => {
  it.each([
    ['/Clients/12', '/Clients/12'],
    ['/Clients/12?tab=notes#latest', '/Clients/12?tab=notes#latest'],
    ['/Settings/Practice', '/Settings/Practice'],
  ])('given the in-app path %s, then it is kept', (from, expected) => {
    expect(returnPathOf(from)).toBe(expected);
  });

  it.each([
    ['another site', '//evil.example/Clients'],
    ['another site, backslash', '/\\evil.example'],
    ['a full address', 'https://evil.example/'],
    ['the root', '/'],
    ['the sign-in page', '/login?x=1'],
    ['the sign-in page, any case', '/Login'],
    ['Prepare', '/Prepare-console'],
    ['a public token page', '/Portal/Accept-invitation/abc'],
    ['registration', '/Register/Validate-email/abc'],
    ['not a string', 42],
    ['nothing', undefined],
  ])('given %s, then there is nothing to return to', (_, from) => {
    expect(returnPathOf(from)).toBeNull();
  });
});
