import { describe, expect, it } from 'vitest';
import * as client from './client';
import * as contract from './contract';
import * as swr from './swr';
import * as testing from './testing';
import * as time from './time';
import * as money from './money';

/** The export names of each published entry: a change here is a change to the package's public API. */
describe('@halcyon/api public API', () => {
  it.each([
    ['contract', contract],
    ['client', client],
    ['swr', swr],
    ['testing', testing],
    ['time', time],
    ['money', money],
  ] as const)('given the %s entry, then its export names match the snapshot', (_name, entry) => {
    expect(Object.keys(entry).sort()).toMatchSnapshot();
  });
});
