import { RouteSkeleton } from '@/components/layout/route-skeleton';
import { useSession } from '@/features/account/session/use-session';
import { StoreAdmin } from '@/features/admin/components/store-admin';
import { NotFoundRoute } from './not-found.tsx';

/**
 * The store admin, for staff only: anyone else (a customer, a guest) gets the not-found page, so
 * the admin is not even shown to exist. This only decides what the UI offers; the database checks
 * the signed token's role on every read and write (authorize(), RLS).
 */
export function AdminRoute() {
  const session = useSession();
  if (session.status === 'loading') return <RouteSkeleton />;
  if (session.status !== 'signed-in' || session.role !== 'staff') return <NotFoundRoute />;
  return <StoreAdmin key={session.userId} userId={session.userId} notFound={<NotFoundRoute />} />;
}
