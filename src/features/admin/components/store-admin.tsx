import { ClipboardList, History, LayoutDashboard, Package, SquareKanban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
import { adminPaths } from '@/config/admin-paths';
import { cn } from '@/utils/cn';
import { ActivityLog } from './activity-log.tsx';
import { AdminOrderPage } from './admin-order-page.tsx';
import { CustomerPage } from './customer-page.tsx';
import { ItemEditorPage } from './item-editor-page.tsx';
import { OrderBoard } from './order-board.tsx';
import { OrdersPage } from './orders-page.tsx';
import { OverviewPage } from './overview-page.tsx';
import { ProductList } from './product-list.tsx';
import { ProductRoutePage } from './product-page.tsx';

/**
 * The admin's sections. `within`: the addresses under which the section counts as the current
 * one (a customer's page belongs to Orders, a product's to Items); none for the overview, which
 * is the admin's index and current only there.
 */
const SECTIONS = [
  { label: 'Overview', href: paths.admin.getHref(), icon: LayoutDashboard, within: [] },
  { label: 'Board', href: adminPaths.board.getHref(), icon: SquareKanban, within: [adminPaths.board.getHref()] },
  { label: 'Orders', href: adminPaths.orders.getHref(), icon: ClipboardList, within: [adminPaths.orders.getHref(), '/admin/customers'] },
  { label: 'Items', href: adminPaths.items.getHref(), icon: Package, within: [adminPaths.items.getHref(), '/admin/products'] },
  { label: 'Activity', href: adminPaths.activity.getHref(), icon: History, within: [adminPaths.activity.getHref()] },
] as const;

function isCurrent(pathname: string, section: (typeof SECTIONS)[number]): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === section.href || section.within.some((prefix: string) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The store admin: the overview, the live board of open orders, every order (each on its own
 * page) with its customers, the products with their variants (items) and the activity log, each
 * its own address so a page can be reloaded or shared between staff. Only staff reach it
 * (routes/admin.tsx); the database checks every action again.
 */
export function StoreAdmin({ userId, notFound }: { userId: string; notFound: ReactNode }) {
  const { pathname } = useLocation();
  const page = useRoutes([
    { index: true, element: <OverviewPage userId={userId} /> },
    { path: adminPaths.board.path, element: <OrderBoard userId={userId} /> },
    { path: adminPaths.orders.path, element: <OrdersPage userId={userId} /> },
    { path: adminPaths.order.path, element: <AdminOrderPage userId={userId} notFound={notFound} /> },
    { path: adminPaths.customer.path, element: <CustomerPage userId={userId} notFound={notFound} /> },
    { path: adminPaths.items.path, element: <ProductList userId={userId} /> },
    { path: adminPaths.newProduct.path, element: <ProductRoutePage userId={userId} notFound={notFound} /> },
    { path: adminPaths.product.path, element: <ProductRoutePage userId={userId} notFound={notFound} /> },
    { path: adminPaths.newItem.path, element: <ItemEditorPage userId={userId} notFound={notFound} /> },
    { path: adminPaths.item.path, element: <ItemEditorPage userId={userId} notFound={notFound} /> },
    { path: adminPaths.activity.path, element: <ActivityLog userId={userId} /> },
    { path: '*', element: notFound },
  ]);
  return (
    <div className="flex flex-col gap-6">
      {/* The five sections fit one row beside the title from md; below, the title goes above them. */}
      <div className="flex flex-col gap-3 border-b border-border pb-3 md:flex-row md:items-end md:justify-between">
        <p className="text-sm font-medium text-primary">Store admin</p>
        <nav aria-label="Store admin">
          {/* A phone gets five equal tabs, each its icon over a short name; wider screens one row. */}
          <ul className="grid grid-cols-5 gap-1 sm:flex">
            {SECTIONS.map((section) => {
              const current = isCurrent(pathname, section);
              const Icon = section.icon;
              return (
                <li key={section.href}>
                  <Link
                    to={section.href}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'flex h-14 flex-col items-center justify-center gap-1 rounded-md px-1 text-xs font-medium hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:h-10 sm:flex-row sm:gap-2 sm:px-3 sm:text-sm [&_svg]:size-5 sm:[&_svg]:size-4',
                      current ? 'bg-muted text-foreground' : 'text-muted-foreground',
                    )}
                  >
                    <Icon aria-hidden="true" />
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      {page}
    </div>
  );
}
