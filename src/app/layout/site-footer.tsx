import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function SiteFooter() {
  return (
    <footer id="site-footer" className="mt-16 border-t border-border">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>Lumen — a calm catalog. No payments: orders are requests we confirm by e-mail.</p>
        <nav aria-label="Footer">
          <ul className="flex gap-4">
            <li>
              <Link className="underline-offset-4 hover:underline" to={paths.catalog.getHref()}>
                Browse the catalog
              </Link>
            </li>
            <li>
              <Link className="underline-offset-4 hover:underline" to={paths.account.getHref()}>
                Your account
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
