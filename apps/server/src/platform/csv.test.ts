import { describe, expect, it } from 'vitest';
import { csvAmount, csvRate, guardCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('given text a spreadsheet would run as a formula, then it is written as text; numbers and plain text stay as they are', () => {
    expect(guardCell('=HYPERLINK("https://evil.example","Click")')).toBe(`'=HYPERLINK("https://evil.example","Click")`);
    expect(guardCell('+44 20 7946 0000')).toBe(`'+44 20 7946 0000`);
    expect(guardCell('-2+3')).toBe(`'-2+3`);
    expect(guardCell('@SUM(A1:A9)')).toBe(`'@SUM(A1:A9)`);
    expect(guardCell('\t=1+1')).toBe(`'\t=1+1`);
    expect(guardCell('-12.50')).toBe('-12.50');
    expect(guardCell('Harbour Rooms = rent')).toBe('Harbour Rooms = rent');
  });

  it('given minor units, then the amount is the exact decimal in the currency’s own decimals', () => {
    expect(csvAmount(12_345, 'GBP')).toBe('123.45');
    expect(csvAmount(-5, 'GBP')).toBe('-0.05');
    expect(csvAmount(0, 'EUR')).toBe('0.00');
    expect(csvAmount(1_250, 'JPY')).toBe('1250');
    expect(csvAmount(1_234, 'KWD')).toBe('1.234');
    expect(csvRate(2000)).toBe('20');
    expect(csvRate(1250)).toBe('12.5');
    expect(csvRate(5)).toBe('0.05');
  });

  it('given cells with commas, quotes, line breaks and nothing, then the file quotes them, ends lines with CRLF and starts with a BOM', () => {
    expect(
      toCsv([
        ['Name', 'Notes', 'Hours'],
        ['Adeyemi, M', 'Said "no"\nthen left', 1.5],
        [null, '', 0],
      ]),
    ).toBe('\ufeffName,Notes,Hours\r\n"Adeyemi, M","Said ""no""\nthen left",1.5\r\n,,0\r\n');
  });
});
