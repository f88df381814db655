import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCategories } from '../api/get-categories.ts';

export function CategoryList() {
  const categories = useCategories();
  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-6">
      <h2 id="categories-heading" className="text-2xl font-semibold tracking-tight">
        Shop by category
      </h2>
      {categories.isPending ? (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-20" />
          ))}
        </div>
      ) : categories.isError ? (
        <p role="alert" className="text-muted-foreground">
          Categories could not be loaded. <Link to={paths.catalog.getHref()} className="underline">Browse everything</Link>.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {categories.data.map((category) => (
            <li key={category.id}>
              <Link
                to={paths.catalog.getHref(category.slug)}
                className="flex h-full flex-col gap-1 rounded-lg border border-border bg-surface p-4 hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="font-medium">{category.name}</span>
                <span className="line-clamp-2 text-sm text-muted-foreground">{category.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
