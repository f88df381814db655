import { Download } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useExportOrders } from '../api/export-orders.ts';
import { useShopTimeZone } from '../api/shop-time-zone.ts';
import { csvFile, csvHasRows, downloadFile, ordersCsvFileName } from '../utils/csv-download.ts';
import { exportRangeProblem, MAX_EXPORT_DAYS, monthStart, shopToday } from '../utils/shop-days.ts';

interface ExportOrdersProps {
  userId: string;
  /** The list's date range, when it has one: the export offers the same days. */
  from: string | null;
  to: string | null;
}

/**
 * "Export CSV": the orders placed on a range of the shop's days as a spreadsheet file, for the
 * accountant. It offers the list's dates, or else this month so far.
 */
export function ExportOrders({ userId, from, to }: ExportOrdersProps) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  const timeZone = useShopTimeZone(userId);
  // Until the shop's zone is read, this computer's: the same day almost always.
  const zone = timeZone.data ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setDone('');
        }}
      >
        <DialogTrigger asChild>
          <Button variant="secondary">
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle className="text-lg font-semibold">Export orders as CSV</DialogTitle>
          <DialogDescription className="text-muted-foreground">
            Every order placed on these days ({zone} time), whatever the search and status filters: one row each, for a spreadsheet. At most{' '}
            {MAX_EXPORT_DAYS} days at a time.
          </DialogDescription>
          <ExportForm
            defaults={defaultRange(from, to, shopToday(zone))}
            onDownloaded={(fileName) => {
              setDone(`Downloaded ${fileName}.`);
              setOpen(false);
            }}
          />
        </DialogContent>
      </Dialog>
      <p role="status" className="text-sm text-muted-foreground">
        {done}
      </p>
    </div>
  );
}

/** The list's days when it has them; a range open at one end is closed with this month or today. */
function defaultRange(from: string | null, to: string | null, today: string): { from: string; to: string } {
  if (from && to) return { from, to };
  if (from) return { from, to: from > today ? from : today };
  if (to) return { from: monthStart(to), to };
  return { from: monthStart(today), to: today };
}

function ExportForm({ defaults, onDownloaded }: { defaults: { from: string; to: string }; onDownloaded: (fileName: string) => void }) {
  const [from, setFrom] = useState(defaults.from);
  const [to, setTo] = useState(defaults.to);
  const [problem, setProblem] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  const exportOrders = useExportOrders();
  const fromInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmpty(false);
    exportOrders.reset();
    // Said before asking: the database would refuse it too, after a round trip.
    const rangeProblem = exportRangeProblem(from, to);
    setProblem(rangeProblem);
    if (rangeProblem) {
      fromInput.current?.focus();
      return;
    }
    exportOrders.mutate(
      { from, to },
      {
        onSuccess: (csv) => {
          if (!csvHasRows(csv)) {
            setEmpty(true);
            return;
          }
          const fileName = ordersCsvFileName(from, to);
          downloadFile(csvFile(csv), fileName);
          onDownloaded(fileName);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField ref={fromInput} label="First day" type="date" value={from} required onChange={(event) => setFrom(event.target.value)} error={problem ?? undefined} />
        <TextField label="Last day" type="date" value={to} required onChange={(event) => setTo(event.target.value)} aria-invalid={problem ? true : undefined} />
      </div>
      {exportOrders.isError ? <FormAlert tone="error">{exportOrders.error.message}</FormAlert> : null}
      {empty ? (
        <FormAlert tone="error">
          No orders were placed from {from} to {to}: there is nothing to export. Choose other days.
        </FormAlert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={exportOrders.isPending}>
          <Download aria-hidden="true" />
          {exportOrders.isPending ? 'Exporting…' : 'Download CSV'}
        </Button>
      </div>
    </form>
  );
}
