import { describe, expect, it } from 'vitest';
import * as designSystem from './index';

describe('@halcyon/design-system public API', () => {
  it('given the package entry, then it exports exactly these names (a change here is a change for every importer)', () => {
    expect(Object.keys(designSystem).sort()).toMatchSnapshot();
  });
});
