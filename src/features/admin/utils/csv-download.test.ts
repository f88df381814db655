import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOM, csvFile, csvHasRows, downloadFile, ordersCsvFileName } from './csv-download.ts';

const CSV = 'order_number,reference,customer_name\n12,7K3Q-9XPD,Siobhán Ó Briain\n';

async function bytesOf(file: Blob): Promise<number[]> {
  const buffer = await new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(file);
  });
  return [...new Uint8Array(buffer)];
}

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  vi.useRealTimers();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('the orders CSV file', () => {
  it('is named after the shop and its days', () => {
    expect(ordersCsvFileName('2026-11-01', '2026-11-30')).toBe('lumen-orders-2026-11-01-to-2026-11-30.csv');
  });

  it('starts with the UTF-8 byte order mark, then the text as the database wrote it, accents in UTF-8', async () => {
    const file = csvFile(CSV);
    expect(file.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(file);
    expect(bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.slice(3)).toEqual([...new TextEncoder().encode(CSV)]);
    // Never two marks.
    expect((await bytesOf(csvFile(`${BOM}${CSV}`))).slice(3, 6)).not.toEqual([0xef, 0xbb, 0xbf]);
  });

  it('knows a header without rows from an export with orders', () => {
    expect(csvHasRows(CSV)).toBe(true);
    expect(csvHasRows('order_number,reference\n')).toBe(false);
    expect(csvHasRows('\n')).toBe(false);
    expect(csvHasRows('')).toBe(false);
  });

  it('downloads through a link named for the file, and lets the file go afterwards', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:lumen/1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: { download: string; href: string; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href, inDocument: document.body.contains(this) });
    });
    const file = csvFile(CSV);
    downloadFile(file, 'lumen-orders-2026-11-01-to-2026-11-30.csv');
    expect(create).toHaveBeenCalledWith(file);
    expect(clicked).toEqual([{ download: 'lumen-orders-2026-11-01-to-2026-11-30.csv', href: 'blob:lumen/1', inDocument: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:lumen/1');
  });
});
