import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('the CSV export', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+60123')).toBe("'+60123");
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, true]])).toBe('\uFEFFa,b\r\n1,true\r\n');
  });

  it('keeps a negative number a number (only text is defused)', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-5')).toBe("'-5");
  });
});
