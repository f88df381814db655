import { House, LayoutDashboard, LayoutGrid, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Match the path exactly (Home) rather than as a prefix (Catalog and its categories). */
  end?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', href: paths.home.getHref(), icon: House, end: true },
  { label: 'Catalog', href: paths.catalog.getHref(), icon: LayoutGrid },
];

/** Staff only (the session's role): the UI merely offers it, the database checks every request. */
export const ADMIN_ITEM: NavItem = { label: 'Admin', href: paths.admin.getHref(), icon: LayoutDashboard };
