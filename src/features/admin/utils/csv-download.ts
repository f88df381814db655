/**
 * U+FEFF, the byte order mark: spreadsheet programs (Excel above all) read a CSV file as UTF-8 only
 * when it starts with one, and otherwise show "Ã©" for an "é" in a customer's name.
 */
export const BOM = '\uFEFF';

/** The export's file name: which shop, what, and the shop's days it covers. */
export function ordersCsvFileName(from: string, to: string): string {
  return `lumen-orders-${from}-to-${to}.csv`;
}

/**
 * The CSV text as a file a spreadsheet opens right: with the BOM in front, otherwise as the
 * database wrote it. PostgREST's CSV is comma separated with LF line ends; both are kept (every
 * spreadsheet program reads LF, and a file that matches the API's answer byte for byte is easier
 * to check against it).
 */
export function csvFile(text: string): Blob {
  return new Blob([text.startsWith(BOM) ? text : `${BOM}${text}`], { type: 'text/csv;charset=utf-8' });
}

/** Whether the CSV has a row after its header (an empty range answers a header or nothing at all). */
export function csvHasRows(text: string): boolean {
  return text.replace(BOM, '').trim().split('\n').length > 1;
}

/** Saves the file through a download link, the one way that works in every browser without a library. */
export function downloadFile(file: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(file);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click's download has started reading it (same task is too early in Firefox).
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
