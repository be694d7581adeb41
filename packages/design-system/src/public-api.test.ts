import { describe, expect, it } from 'vitest';
import * as charts from './Chart/index';
import * as designSystem from './index';
import * as editor from './RichTextEditor/index';

describe('@halcyon/design-system public API', () => {
  it('given the package entry, then it exports exactly these names (a change here is a change for every importer)', () => {
    expect(Object.keys(designSystem).sort()).toMatchSnapshot();
  });

  it('given the heavy parts, then the editor and the charts have their own entries and are not in the main one', () => {
    expect(Object.keys(editor).sort()).toEqual(['RichTextEditor']);
    expect(Object.keys(charts).sort()).toEqual(['BarChart', 'LineChart', 'Sparkline', 'downloadCsv', 'toCsv']);
    for (const name of [...Object.keys(editor), ...Object.keys(charts)]) expect(designSystem).not.toHaveProperty(name);
  });
});
