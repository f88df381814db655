import { useSearchParams } from 'react-router';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { pluralize } from '@/utils/format';
import { useAdminCustomer } from '../api/admin-customer.ts';
import { ORDERS_PAGE_SIZE, useSearchOrders } from '../api/search-orders.ts';
import { useShopTimeZone } from '../api/shop-time-zone.ts';
import { describeFilters, isFiltered, readOrderFilters, type OrderFilters } from '../utils/order-search.ts';
import { OrderFilterControls, type FilterName } from './order-filters.tsx';
import { OrderRows } from './order-rows.tsx';

/** The address's parameters for these filters: what "Remove them" leaves of a link with bad ones. */
function paramsOf(filters: OrderFilters, withCustomer: boolean): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.statuses.length > 0) params.set('status', filters.statuses.join(','));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (withCustomer && filters.customer) params.set('customer', filters.customer);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

interface OrderListProps {
  userId: string;
  /** On a customer's page: only their orders, whatever the address says. */
  customerId?: string;
  /** What the list is of, for the sentences it says ("No orders from Ann Byrne yet."). */
  customerName?: string | null;
}

/**
 * Every order, newest first, searched and filtered through the address (`q`, `status`, `from`,
 * `to`, `customer`, `page`), so a link from the overview opens a filtered list and a reload keeps
 * it. A value the address gets wrong is named and left out, never guessed at.
 */
export function OrderList({ userId, customerId, customerName }: OrderListProps) {
  const [params, setParams] = useSearchParams();
  const own = new URLSearchParams(params);
  // A customer's page is that customer's: a `customer` in its address means nothing there.
  if (customerId) own.delete('customer');
  const read = readOrderFilters(own);
  const filters: OrderFilters = customerId ? { ...read.filters, customer: customerId } : read.filters;
  const orders = useSearchOrders(userId, filters);
  const timeZone = useShopTimeZone(userId);
  const filteredCustomer = useAdminCustomer(userId, customerId ? null : filters.customer);

  const change = (changes: Partial<Record<FilterName, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const clearAll = () => setParams(new URLSearchParams(), { replace: true });

  const customerLabel = customerId
    ? null
    : filters.customer
      ? {
          id: filters.customer,
          label: filteredCustomer.data ? filteredCustomer.data.name || filteredCustomer.data.email || 'a customer without a name' : filteredCustomer.isPending ? 'this customer' : 'an unknown customer',
        }
      : null;
  // The fixed customer of a customer's page is no filter to clear.
  const narrowed = isFiltered({ ...filters, customer: customerId ? null : filters.customer });
  const pageCount = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;

  return (
    <div className="flex flex-col gap-6">
      {read.problems.length > 0 ? (
        <FormAlert tone="error">
          <p>This address has filters the list cannot use:</p>
          <ul className="my-1 list-disc pl-5">
            {read.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <Button type="button" variant="link" size="inline" onClick={() => setParams(paramsOf(filters, !customerId), { replace: true })}>
            Remove them from the address
          </Button>
        </FormAlert>
      ) : null}

      <OrderFilterControls filters={filters} onChange={change} customer={customerLabel} />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {orders.data ? `${pluralize(orders.data.total, 'order')}${narrowed ? (orders.data.total === 1 ? ' matches' : ' match') : ''}` : null}
        </p>
        {narrowed ? (
          <Button type="button" variant="subtle" size="compact" onClick={clearAll}>
            Clear filters
          </Button>
        ) : null}
      </div>

      {orders.isPending ? (
        <SkeletonList label="Loading orders…" count={6} rowClassName="h-16" />
      ) : orders.isError ? (
        <LoadError what="The orders" message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyOrders
          filters={filters}
          narrowed={narrowed}
          total={orders.data.total}
          pageCount={pageCount}
          customerName={customerId ? (customerName ?? null) : (customerLabel?.label ?? null)}
          onClear={clearAll}
        />
      ) : (
        <OrderRows orders={orders.data.orders} timeZone={timeZone.data} showCustomer={!customerId} stale={orders.isPlaceholderData} />
      )}
      <Pagination page={filters.page} pageCount={pageCount} />
    </div>
  );
}

interface EmptyOrdersProps {
  filters: OrderFilters;
  narrowed: boolean;
  total: number;
  pageCount: number;
  customerName: string | null;
  onClear: () => void;
}

function EmptyOrders({ filters, narrowed, total, pageCount, customerName, onClear }: EmptyOrdersProps) {
  const frame = 'flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground';
  // A page number from an old link, past the end of a list that has since shrunk.
  if (total > 0) {
    return (
      <div className={frame}>
        <p>
          There is no page {filters.page}: {pluralize(total, 'order')} fill {pluralize(pageCount, 'page')}.
        </p>
      </div>
    );
  }
  if (!narrowed) {
    return (
      <div className={frame}>
        <p>{filters.customer ? `No orders from ${customerName || 'this customer'} yet.` : 'No orders yet. They appear here as customers place them.'}</p>
      </div>
    );
  }
  return (
    <div className={frame}>
      <p>No orders match these filters: {describeFilters(filters, customerName)}.</p>
      <Button type="button" variant="secondary" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}
