import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useCarriers } from '../api/carriers.ts';
import { normalizeTrackingNumber, trackingNumberProblem, useShipOrder } from '../api/ship-order.ts';
import { ActionDialog } from './action-dialog.tsx';
import { SelectField } from './form-controls.tsx';

/** What was shipped, for the page or board to announce. */
export interface ShippedOrder {
  orderId: number;
  carrierName: string;
  trackingNumber: string | null;
}

interface ShipOrderDialogProps {
  userId: string;
  /** The packed order to ship; null: closed. */
  orderId: number | null;
  onClose: () => void;
  /** Closed without shipping: where focus goes back (see ActionDialog). */
  returnFocus: () => void;
  /** Shipped: the dialog has closed and the caller moves focus to where the order now is. */
  onShipped: (shipped: ShippedOrder) => void;
}

/**
 * Packed → shipped with who carries the parcel and, where there is one, its tracking number
 * (ship_order). The order page and the board's "Mark shipped" both open it, so no order is shipped
 * without its carrier.
 */
export function ShipOrderDialog({ userId, orderId, onClose, returnFocus, onShipped }: ShipOrderDialogProps) {
  return (
    <ActionDialog
      open={orderId !== null}
      title={`Ship order #${orderId ?? ''}`}
      description="It moves to “On the way” and the customer gets an e-mail with the carrier and, if you give one, the tracking link."
      onClose={onClose}
      returnFocus={returnFocus}
    >
      {(done) =>
        orderId !== null ? (
          <ShipForm
            key={orderId}
            userId={userId}
            orderId={orderId}
            onShipped={(result) => {
              done();
              onShipped(result);
            }}
          />
        ) : null
      }
    </ActionDialog>
  );
}

function ShipForm({ userId, orderId, onShipped }: { userId: string; orderId: number; onShipped: (shipped: ShippedOrder) => void }) {
  const carriers = useCarriers(userId);
  const ship = useShipOrder(userId);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [carrierError, setCarrierError] = useState<string | undefined>();
  const [trackingError, setTrackingError] = useState<string | undefined>();
  // Set before the request and cleared when it settles: a second click, even one landing before
  // React has re-rendered the pending state, asks nothing.
  const sending = useRef(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const missingCarrier = carrier === '' ? 'Choose who carries the parcel.' : undefined;
    const badTracking = trackingNumberProblem(tracking) ?? undefined;
    setCarrierError(missingCarrier);
    setTrackingError(badTracking);
    if (missingCarrier || badTracking) {
      form.querySelector<HTMLElement>(missingCarrier ? '[name="carrier"]' : '[name="tracking"]')?.focus();
      return;
    }
    sending.current = true;
    try {
      await ship.mutateAsync({ orderId, carrier, trackingNumber: tracking });
    } catch {
      // Shown below (ship.error): the refusal says why, typically that someone moved it first.
      return;
    } finally {
      sending.current = false;
    }
    const number = normalizeTrackingNumber(tracking);
    onShipped({ orderId, carrierName: carriers.data?.find((each) => each.code === carrier)?.name ?? carrier, trackingNumber: number || null });
  };

  if (carriers.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>The carriers could not be loaded, so the order cannot be shipped yet. {carriers.error.message}</p>
        <Button type="button" variant="secondary" onClick={() => void carriers.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <SelectField
        label="Carrier"
        name="carrier"
        value={carrier}
        error={carrierError}
        disabled={carriers.isPending}
        onChange={(event) => {
          setCarrier(event.target.value);
          setCarrierError(undefined);
        }}
      >
        <option value="">{carriers.isPending ? 'Loading carriers…' : 'Choose a carrier'}</option>
        {carriers.data?.map((each) => (
          <option key={each.code} value={each.code}>
            {each.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Tracking number (optional)"
        name="tracking"
        autoComplete="off"
        spellCheck={false}
        maxLength={60}
        hint="As printed on the label: 3 to 40 letters, digits, spaces or dashes."
        value={tracking}
        error={trackingError}
        onChange={(event) => {
          setTracking(event.target.value);
          setTrackingError(undefined);
        }}
        onBlur={() => setTrackingError(trackingNumberProblem(tracking) ?? undefined)}
      />
      {ship.isError ? <FormAlert tone="error">{ship.error.message}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Close
          </Button>
        </DialogClose>
        <Button type="submit" aria-disabled={ship.isPending || carriers.isPending || undefined}>
          {ship.isPending ? 'Shipping…' : 'Ship order'}
        </Button>
      </div>
    </form>
  );
}
