import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { adminPaths } from '@/config/admin-paths';
import { formatPrice } from '@/utils/format';
import { useAdminCustomer, type AdminCustomer } from '../api/admin-customer.ts';
import { useShopTimeZone } from '../api/shop-time-zone.ts';
import { isCustomerId } from '../utils/order-search.ts';
import { shopDay } from '../utils/shop-days.ts';
import { OrderList } from './order-list.tsx';

/** `/admin/customers/<id>`: who a customer is and what they ordered; any other id is not found. */
export function CustomerPage({ userId, notFound }: { userId: string; notFound: ReactNode }) {
  const { id } = useParams();
  if (id === undefined || !isCustomerId(id)) return notFound;
  return <CustomerView key={id} userId={userId} customerId={id.toLowerCase()} notFound={notFound} />;
}

function CustomerView({ userId, customerId, notFound }: { userId: string; customerId: string; notFound: ReactNode }) {
  const customer = useAdminCustomer(userId, customerId);
  if (customer.isPending) {
    return (
      <>
        <PageTitle title="Customer · Store admin" />
        <BackToOrders />
        <p role="status" className="sr-only">
          Loading the customer…
        </p>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-28" />
      </>
    );
  }
  if (customer.isError) {
    return (
      <>
        <PageTitle title="Customer · Store admin" />
        <BackToOrders />
        <LoadError what="The customer" message={customer.error.message} onRetry={() => void customer.refetch()} />
      </>
    );
  }
  if (!customer.data) return notFound;
  const name = customer.data.name || customer.data.email || 'Customer without a name';
  return (
    <>
      <PageTitle title={`${name} · Customers · Store admin`} />
      <BackToOrders />
      <CustomerSummary userId={userId} customer={customer.data} name={name} />
      <section aria-labelledby="customer-orders" className="flex flex-col gap-4">
        <h2 id="customer-orders" className="text-xl font-semibold">
          Orders
        </h2>
        <OrderList userId={userId} customerId={customerId} customerName={name} />
      </section>
    </>
  );
}

function BackToOrders() {
  return (
    <Link to={adminPaths.orders.getHref()} className="inline-flex h-10 items-center gap-2 self-start text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All orders
    </Link>
  );
}

function CustomerSummary({ userId, customer, name }: { userId: string; customer: AdminCustomer; name: string }) {
  const timeZone = useShopTimeZone(userId);
  const day = (at: string | null) => (at ? shopDay(at, timeZone.data) : '—');
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'E-mail', value: customer.email ? <a href={`mailto:${customer.email}`} className="text-primary underline-offset-4 hover:underline">{customer.email}</a> : '—' },
    { label: 'Kind', value: customer.guest ? 'Guest (checked out without an account)' : customer.since ? 'Account' : 'Account deleted' },
    { label: 'Customer since', value: day(customer.since ?? customer.first_order_at) },
    { label: 'Orders', value: customer.order_count },
    { label: 'Order value', value: formatPrice(customer.order_value_cents, customer.currency) },
    { label: 'Refunded', value: formatPrice(customer.refunded_cents, customer.currency) },
    { label: 'Last order', value: day(customer.last_order_at) },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight [overflow-wrap:anywhere]">{name}</h1>
        <p className="mt-1 text-muted-foreground">{customer.guest ? 'Guest customer' : 'Customer'}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-border bg-surface p-4 text-sm shadow-sm sm:grid-cols-2 lg:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.label} className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground">{fact.label}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">Order value counts every order but the cancelled ones, before refunds.</p>
    </div>
  );
}
