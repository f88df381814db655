import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { readOrderFilters } from '../utils/order-search.ts';
import { ExportOrders } from './export-orders.tsx';
import { OrderList } from './order-list.tsx';

/** `/admin/orders`: every order, open or not, searched and filtered, and the CSV export. */
export function OrdersPage({ userId }: { userId: string }) {
  const [params] = useSearchParams();
  const { filters } = readOrderFilters(params);
  return (
    <>
      <PageTitle title="All orders · Store admin" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">All orders</h1>
          <p className="mt-1 text-muted-foreground">Every order, newest first: search by number, reference, e-mail or name.</p>
        </div>
        <ExportOrders userId={userId} from={filters.from} to={filters.to} />
      </div>
      <OrderList userId={userId} />
    </>
  );
}
