import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { confirmOrder } from '../api/confirm-order.ts';
import { getOrderQueryOptions } from '../api/get-order.ts';
import type { OrderStatus } from '../api/order-schemas.ts';

/** Orders this tab has already asked to confirm, so re-renders and remounts never send twice. */
const requested = new Set<number>();

/**
 * A placed order is confirmed by the order-confirmation function. The order page asks for it
 * (right after ordering, or later if the tab closed before it could), and the status arrives
 * live over realtime. A failure is shown with a way to try again; the order itself stands.
 */
export function useOrderConfirmation(userId: string, orderId: number, status: OrderStatus | undefined) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => confirmOrder(orderId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getOrderQueryOptions(userId, orderId).queryKey }),
  });
  const { mutate } = confirm;

  useEffect(() => {
    if (status !== 'placed' || requested.has(orderId)) return;
    requested.add(orderId);
    mutate();
  }, [orderId, status, mutate]);

  return {
    error: status === 'placed' && confirm.isError ? confirm.error.message : null,
    isRetrying: confirm.isPending,
    retry: () => confirm.mutate(),
  };
}
