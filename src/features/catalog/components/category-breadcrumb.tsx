import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Where an item's page sits: the catalog, then its category when it has one. */
export function CategoryBreadcrumb({ category }: { category: { slug: string; name: string } | null | undefined }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted-foreground">
      <Link to={paths.catalog.getHref()} className="hover:underline">
        Catalog
      </Link>
      {category ? (
        <>
          {' / '}
          <Link to={paths.catalog.getHref(category.slug)} className="hover:underline">
            {category.name}
          </Link>
        </>
      ) : null}
    </nav>
  );
}
