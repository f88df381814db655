import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function SiteFooter() {
  return (
    <footer id="site-footer" className="mt-16 border-t border-border">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <p>Lumen — a calm catalog. No payments: orders are requests we confirm by e-mail.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            {[
              [paths.catalog.getHref(), 'Browse the catalog'],
              [paths.account.getHref(), 'Your account'],
              [paths.storePage.getHref('contact'), 'Contact'],
              [paths.storePage.getHref('delivery-and-returns'), 'Delivery & returns'],
              [paths.storePage.getHref('privacy'), 'Privacy'],
              [paths.storePage.getHref('terms'), 'Terms & imprint'],
            ].map(([to, label]) => (
              <li key={to}>
                <Link className="underline-offset-4 hover:underline" to={to}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
