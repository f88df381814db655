import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cartFingerprint, checkoutAttemptKey, completeCheckoutAttempt, watchCheckoutAttempt } from '../api/checkout-attempt.ts';
import { contactEmailProblem } from '../api/contact-email.ts';
import { cleanDelivery, deliveryProblems, EMPTY_DELIVERY, type Delivery, type DeliveryDraft } from '../api/delivery-schema.ts';
import { DeliveryRefusedError, OrderOutcomeUnknownError, usePlaceOrder, type CheckoutProblems } from '../api/place-order.ts';
import { savedAddressesQueryOptions } from '../api/saved-addresses.ts';
import type { PlaceOrderResult } from '../api/order-schemas.ts';
import { DeliveryForm, type DeliveryChoice } from './delivery-form.tsx';
import { GuestEmailField } from './guest-email-field.tsx';
import { OrderLinesTable } from './order-lines-table.tsx';

export interface ReviewLine {
  item_id: number;
  title: string;
  quantity: number;
  unit_price_cents: number;
  currency: string;
}

export type StockChanges = Extract<PlaceOrderResult, { status: 'stock_changed' }>['changes'];

/**
 * Who is ordering: an account (its cart is in the database), or a guest whose cart is in the
 * browser. A guest gets an anonymous session only when placing the order (`startSession`, given
 * the receipt address); `guestId` is the session this browser already has (an earlier guest order).
 */
export type Buyer =
  | { kind: 'account'; userId: string; email: string }
  | { kind: 'guest'; guestId: string | null; startSession: (email: string) => Promise<string> };

/** The idempotency keys of a browser's guest checkouts, whichever anonymous session ends up placing them. */
const GUEST_ATTEMPTS = 'guest';

function describeChange({ title, requested, available }: StockChanges[number]): string {
  if (available === 0) return `${title} sold out and was removed from your cart.`;
  return `${title}: only ${available} left, so your cart now has ${available} instead of ${requested}.`;
}

/**
 * The review step: the order exactly as it will be placed, then one button. When stock ran out
 * meanwhile nothing is ordered: the changed lines are listed and the cart (already adjusted by
 * place_order) is refreshed, so the buyer reviews again before ordering.
 *
 * Each review is one checkout attempt with its own key (see checkout-attempt.ts): presses while
 * the order is on its way are ignored, and any repeat of the attempt — a double click, a retry
 * after a timeout, the same review submitted in another tab — ends on the same single order.
 * While an attempt's outcome is unknown (its answer was lost) the panel keeps showing what was
 * sent, even if the live cart has meanwhile been emptied by that very order, so it can be asked again.
 */
export function CheckoutPanel({
  buyer,
  lines,
  onPlaced,
  onCartChanged,
}: {
  buyer: Buyer;
  lines: readonly ReviewLine[];
  /** The order is placed: its reference, and the lines it was placed from. */
  onPlaced: (reference: string, ordered: readonly ReviewLine[]) => void;
  /** Stock ran short: place_order adjusted a database cart; a guest's browser cart takes `changes`. */
  onCartChanged: (changes: StockChanges) => void;
}) {
  const ownerId = buyer.kind === 'account' ? buyer.userId : buyer.guestId;
  const place = usePlaceOrder(ownerId, buyer.kind === 'guest' ? buyer.startSession : undefined);
  // Only an account is offered its saved addresses: a guest session outlives the guest on a shared
  // device, and the next person to order as a guest there must not see the last one's address.
  const accountId = buyer.kind === 'account' ? buyer.userId : null;
  const savedQuery = useQuery({ ...savedAddressesQueryOptions(accountId ?? ''), enabled: accountId !== null });
  const saved = { data: savedQuery.data, isError: savedQuery.isError, isPending: accountId !== null && savedQuery.isPending };
  const [draft, setDraft] = useState<DeliveryDraft>(EMPTY_DELIVERY);
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<CheckoutProblems>({});
  // The last used address is offered first; until the buyer chooses, follow what has loaded.
  const [chosen, setChosen] = useState<DeliveryChoice | null>(null);
  const choice: DeliveryChoice = chosen ?? saved.data?.[0]?.id ?? 'new';
  const formRef = useRef<HTMLDivElement>(null);
  const problemCount = Object.keys(problems).length;
  // A guest's e-mail is not a delivery detail; the delivery fields alone are.
  const detail = problems.email ? 'detail' : 'delivery detail';
  const noticeRef = useRef<HTMLDivElement>(null);
  const submitting = useRef(false);
  const fingerprint = cartFingerprint(lines);
  const attemptOwner = buyer.kind === 'account' ? buyer.userId : GUEST_ATTEMPTS;
  const liveKey = useMemo(() => (fingerprint ? checkoutAttemptKey(attemptOwner, fingerprint) : null), [attemptOwner, fingerprint]);
  // An emptied cart is no new attempt: it is often the order this review showed, placed in another
  // tab, and that tab's word of it arrives under the attempt's key.
  const [heldKey, setHeldKey] = useState(liveKey);
  if (liveKey !== null && liveKey !== heldKey) setHeldKey(liveKey);
  const [unresolved, setUnresolved] = useState<{ key: string; lines: readonly ReviewLine[] } | null>(null);
  const attempt = unresolved ?? { key: liveKey ?? heldKey, lines };
  const result = place.data;
  const changes = result?.status === 'stock_changed' ? result.changes : null;
  const currency = attempt.lines[0]?.currency ?? 'EUR';
  const total = attempt.lines.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);

  useEffect(() => {
    if (changes || place.isError) noticeRef.current?.focus();
  }, [changes, place.isError]);

  // The same review placed in another tab: this one shows that order too.
  const onPlacedRef = useRef(onPlaced);
  useEffect(() => {
    onPlacedRef.current = onPlaced;
  }, [onPlaced]);
  useEffect(() => {
    if (attempt.key === null) return;
    const watched = attempt.lines;
    return watchCheckoutAttempt(attempt.key, (reference) => onPlacedRef.current(reference, watched));
  }, [attempt.key, attempt.lines]);

  /** The delivery details to send, or null (with every problem shown, focus on the first) when they will not do. */
  const readDelivery = (): Delivery | null => {
    const address = choice === 'new' ? null : saved.data?.find((candidate) => candidate.id === choice);
    const emailProblem = buyer.kind === 'guest' ? contactEmailProblem(email) : null;
    const found: CheckoutProblems = { ...(emailProblem ? { email: emailProblem } : {}), ...(address ? {} : deliveryProblems(draft)) };
    setProblems(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return null;
    }
    if (address) {
      const { id: _id, ...delivery } = address;
      return delivery;
    }
    return cleanDelivery(draft);
  };

  const submit = () => {
    // A second press can arrive before React has re-rendered the button as disabled.
    const { key } = attempt;
    if (submitting.current || key === null || attempt.lines.length === 0) return;
    const delivery = readDelivery();
    if (!delivery) return;
    submitting.current = true;
    const sent = { key, lines: attempt.lines };
    const guest = buyer.kind === 'guest' ? { email: email.trim(), lines: sent.lines } : undefined;
    place.mutate({ idempotencyKey: key, delivery, guest }, {
      onSuccess: (outcome) => {
        setUnresolved(null);
        if (outcome.status === 'placed') {
          completeCheckoutAttempt(sent.key, outcome.reference);
          onPlaced(outcome.reference, sent.lines);
        } else onCartChanged(outcome.changes);
      },
      onError: (error) => {
        setUnresolved(error instanceof OrderOutcomeUnknownError ? sent : null);
        if (error instanceof DeliveryRefusedError) {
          // The database has the last word; show its reasons on the fields, with what was sent in them.
          setChosen('new');
          setDraft({ ...EMPTY_DELIVERY, ...Object.fromEntries(Object.entries(delivery).map(([field, value]) => [field, value ?? ''])) });
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
          setProblems(error.problems);
        }
      },
      onSettled: () => {
        submitting.current = false;
      },
    });
  };

  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-5 rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-6">
      <h2 id="review-heading" className="text-xl font-semibold">
        Review your order
      </h2>
      {changes ? (
        <div ref={noticeRef} tabIndex={-1} role="alert" className="flex flex-col gap-2 rounded-md border border-danger/50 bg-danger/10 p-4 text-sm focus:outline-2 focus:outline-ring">
          <p className="font-semibold">Nothing was ordered: some items changed while you were shopping.</p>
          <ul className="list-disc pl-5">
            {changes.map((change) => (
              <li key={change.item_id}>{describeChange(change)}</li>
            ))}
          </ul>
          <p>Check your order below and place it again.</p>
        </div>
      ) : null}
      {problemCount > 0 ? (
        <p role="alert" className="rounded-md border border-danger/50 bg-danger/10 p-4 text-sm">
          Nothing was ordered: {problemCount === 1 ? `one ${detail} needs` : `${problemCount} ${detail}s need`} your attention below.
        </p>
      ) : null}
      {place.isError && !(place.error instanceof DeliveryRefusedError) ? (
        <div ref={noticeRef} tabIndex={-1} role="alert" className="rounded-md border border-danger/50 bg-danger/10 p-4 text-sm focus:outline-2 focus:outline-ring">
          {place.error.message}
        </div>
      ) : null}
      {attempt.lines.length === 0 ? (
        // Nothing to review means nothing to fill in: no address form under an empty order.
        <div className="flex flex-col items-start gap-3">
          <p className="text-muted-foreground">There is nothing to order: your cart is empty.</p>
          <Button asChild variant="secondary">
            <Link to={paths.catalog.getHref()}>Browse the catalog</Link>
          </Button>
        </div>
      ) : (
        <>
          <OrderLinesTable
            caption="What you are ordering"
            lines={attempt.lines.map((line) => ({ ...line, key: line.item_id }))}
            currency={currency}
            totalCents={total}
          />
          <div ref={formRef} className="flex flex-col gap-5">
            {buyer.kind === 'guest' ? (
              <GuestEmailField
                value={email}
                problem={problems.email}
                onChange={(next) => {
                  setEmail(next);
                  setProblems(({ email: _corrected, ...rest }) => rest);
                }}
              />
            ) : null}
            {saved.isPending ? (
              <p role="status" className="text-sm text-muted-foreground">
                Loading your saved addresses…
              </p>
            ) : (
              <DeliveryForm
                saved={saved.data ?? []}
                choice={choice}
                onChoose={(next) => {
                  setChosen(next);
                  setProblems(({ email: kept }) => (kept ? { email: kept } : {}));
                }}
                draft={draft}
                problems={problems}
                onChange={(next) => {
                  setDraft(next);
                  // A corrected field loses its message; the others keep theirs until the next try.
                  setProblems((current) =>
                    Object.fromEntries(
                      Object.entries(current).filter(([field]) => field === 'email' || next[field as keyof DeliveryDraft] === draft[field as keyof DeliveryDraft]),
                    ),
                  );
                }}
              />
            )}
            {saved.isError ? <p className="text-sm text-muted-foreground">Your saved addresses could not be loaded; enter the address below.</p> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            No payment is taken now. Placing the order reserves the items and sends a confirmation to{' '}
            {buyer.kind === 'account' ? <strong className="text-foreground">{buyer.email}</strong> : 'the e-mail address above'}.
          </p>
          <Button size="lg" disabled={place.isPending || saved.isPending} onClick={submit}>
            {place.isPending ? 'Placing your order…' : 'Place order'}
          </Button>
        </>
      )}
    </section>
  );
}
