import { ClipboardList, History, Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
import { adminPaths } from '@/config/admin-paths';
import { cn } from '@/utils/cn';
import { ActivityLog } from './activity-log.tsx';
import { ItemEditorPage } from './item-editor-page.tsx';
import { ProductList } from './product-list.tsx';
import { ProductRoutePage } from './product-page.tsx';
import { OrderBoard } from './order-board.tsx';

const SECTIONS = [
  { label: 'Orders', href: paths.admin.getHref(), icon: ClipboardList, end: true },
  { label: 'Items', href: adminPaths.items.getHref(), icon: Package, end: false },
  { label: 'Activity', href: adminPaths.activity.getHref(), icon: History, end: false },
] as const;

/**
 * The store admin: the order board, the products with their variants (items) and the activity
 * log, each its own address so a page can be reloaded or shared between staff. Only staff reach it (routes/admin.tsx); the
 * database checks every action again.
 */
export function StoreAdmin({ userId, notFound }: { userId: string; notFound: ReactNode }) {
  const page = useRoutes([
    { index: true, element: <OrderBoard userId={userId} /> },
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
      <div className="flex flex-col gap-3 border-b border-border pb-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="text-sm font-medium text-primary">Store admin</p>
        <nav aria-label="Store admin">
          <ul className="flex gap-1">
            {SECTIONS.map(({ label, href, icon: Icon, end }) => (
              <li key={href}>
                <NavLink
                  to={href}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4',
                      isActive ? 'bg-muted text-foreground' : 'text-muted-foreground',
                    )
                  }
                >
                  <Icon aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {page}
    </div>
  );
}
