import { ArrowLeft, ExternalLink, Plus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ItemThumbnail } from '@/components/item-thumbnail';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { adminPaths } from '@/config/admin-paths';
import { cn } from '@/utils/cn';
import { formatPrice, pluralize } from '@/utils/format';
import { getAdminItemQueryOptions, useAdminItem, type AdminItem } from '../api/admin-items.ts';
import { getAdminProductQueryOptions, useAdminProduct, type AdminProduct } from '../api/admin-products.ts';
import { useUpdateItem } from '../api/save-item.ts';
import { useCreateProduct, useCreateVariant, useUpdateProduct } from '../api/save-product.ts';
import { variantLabel } from '../utils/variant-label.ts';
import { ArchivePanel } from './archive-panel.tsx';
import { ItemForm } from './item-form.tsx';
import { PicturesPanel } from './pictures-panel.tsx';
import { NewProductForm, ProductDetailsForm } from './product-form.tsx';
import { PublishPanel } from './publish-panel.tsx';
import { LowStockThreshold } from './low-stock-threshold.tsx';
import { StockPanel } from './stock-panel.tsx';

/** What the page says after arriving from a creation (router state, so a reload does not repeat it). */
export type ArrivalNote = 'item-created' | 'product-created' | 'variant-added';

const ARRIVAL_NOTES: Record<ArrivalNote, string> = {
  'item-created': 'Item created and on sale. Add its pictures below.',
  'product-created': 'Draft created. Add a picture to its variant below, then publish it when it is ready.',
  'variant-added': 'Variant added. Add its pictures below.',
};

export function BackToItems() {
  return (
    <Button variant="link" size="inline" asChild className="self-start">
      <Link to={adminPaths.items.getHref()}>
        <ArrowLeft aria-hidden="true" />
        All items
      </Link>
    </Button>
  );
}

function PageSkeleton({ what }: { what: string }) {
  return (
    <>
      <p role="status" className="sr-only">
        Loading the {what}…
      </p>
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-96" />
    </>
  );
}

/** "Draft" or "Published" in words (not colour alone), beside the product's name. */
export function PublicationBadge({ published }: { published: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        published ? 'border-success/50 text-success' : 'border-primary/50 bg-primary-soft text-foreground',
      )}
    >
      {published ? 'Published' : 'Draft'}
    </span>
  );
}

/** `/admin/products/new` creates a product as a draft; `/admin/products/<id>` edits one (its first variant shown). */
export function ProductRoutePage({ userId, notFound }: { userId: string; notFound: ReactNode }) {
  const { id } = useParams();
  if (id === undefined || id === 'new') return <NewProduct userId={userId} />;
  const productId = /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
  if (productId === null) return notFound;
  return <ProductEditor key={productId} userId={userId} productId={productId} variantId={null} notFound={notFound} />;
}

function NewProduct({ userId }: { userId: string }) {
  const create = useCreateProduct(userId);
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title="New product · Store admin" />
      <BackToItems />
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">New product</h1>
        <p className="mt-1 text-muted-foreground">It starts as a draft: shoppers see nothing of it until you publish it.</p>
      </div>
      <NewProductForm
        userId={userId}
        onSubmit={async (input) => {
          const productId = await create.mutateAsync(input);
          void navigate(adminPaths.product.getHref(productId), { state: { arrival: 'product-created' satisfies ArrivalNote } });
        }}
      />
    </>
  );
}

/**
 * A product with one of its variants: publishing and the product's details on one side, the
 * variants and the chosen one's details, pictures, stock and sale on the other. `variantId` null
 * shows the first variant still offered (the product's own address).
 */
export function ProductEditor({ userId, productId, variantId, notFound }: { userId: string; productId: number; variantId: number | null; notFound: ReactNode }) {
  const product = useAdminProduct(userId, productId);
  const { state } = useLocation();
  const arrival = (state as { arrival?: ArrivalNote } | null)?.arrival;
  // Wait for this visit's read even when an older copy is cached: the details form starts from the
  // product as it is now, so its save is not refused for a change made since the copy was cached.
  if (product.isPending || (!product.isFetchedAfterMount && product.isFetching)) return <PageSkeleton what="product" />;
  if (product.isError) return <LoadError what="The product" message={product.error.message} onRetry={() => void product.refetch()} />;
  if (!product.data) return notFound;
  const variants = product.data.variants;
  const selected = variantId ?? (variants.find((variant) => variant.archived_at === null) ?? variants[0])?.id ?? null;
  return <ProductLayout userId={userId} product={product.data} selectedId={selected} arrival={arrival && arrival in ARRIVAL_NOTES ? arrival : undefined} />;
}

function ProductLayout({ userId, product, selectedId, arrival }: { userId: string; product: AdminProduct; selectedId: number | null; arrival: ArrivalNote | undefined }) {
  const update = useUpdateProduct(userId);
  const queryClient = useQueryClient();
  // The details version the form was filled from (publishing does not move it, see the migration).
  const [formVersion, setFormVersion] = useState(product.updated_at);
  const [formKey, setFormKey] = useState(0);
  const published = product.published_at !== null;
  const selected = product.variants.find((variant) => variant.id === selectedId);
  const loadLatest = async () => {
    const latest = await queryClient.fetchQuery({ ...getAdminProductQueryOptions(userId, product.id), staleTime: 0 });
    if (!latest) return;
    setFormVersion(latest.updated_at);
    setFormKey((key) => key + 1);
  };
  return (
    <>
      <PageTitle title={`${product.title} · Store admin`} />
      <BackToItems />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight [overflow-wrap:anywhere]">{product.title}</h1>
          <PublicationBadge published={published} />
        </div>
        {published && selected?.on_sale ? (
          <Button variant="secondary" asChild>
            <Link to={paths.item.getHref(selected.slug)}>
              <ExternalLink aria-hidden="true" />
              View in shop
            </Link>
          </Button>
        ) : null}
      </div>
      {arrival ? <FormAlert tone="success">{ARRIVAL_NOTES[arrival]}</FormAlert> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-2 lg:row-start-1">
          <PublishPanel userId={userId} product={product} />
        </div>
        <div className="flex flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <VariantsCard userId={userId} product={product} selectedId={selectedId} />
          {selectedId !== null ? <VariantPanels key={selectedId} userId={userId} product={product} variantId={selectedId} /> : null}
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <CardSection title="Product details" description="Shared by every variant: shoppers see them on each variant’s page.">
            <ProductDetailsForm
              key={formKey}
              userId={userId}
              product={product}
              onReload={loadLatest}
              onSubmit={async (input) => {
                const saved = await update.mutateAsync({ productId: product.id, updatedAt: formVersion, changes: input });
                setFormVersion(saved.updated_at);
              }}
            />
          </CardSection>
        </div>
      </div>
    </>
  );
}

/** The product's variants, the one shown marked; each has its own page here, and one more can be added. */
function VariantsCard({ userId, product, selectedId }: { userId: string; product: AdminProduct; selectedId: number | null }) {
  const [adding, setAdding] = useState(false);
  const create = useCreateVariant(userId);
  const navigate = useNavigate();
  return (
    <CardSection title="Variants" description="Each has its own web address, pictures, price and stock. Shoppers choose between those on sale.">
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {product.variants.map((variant) => {
          const current = variant.id === selectedId;
          return (
            <li key={variant.id} className={cn('flex items-center gap-3 p-2', current && 'bg-muted')}>
              <ItemThumbnail path={variant.image_paths[0]} size="sm" />
              <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-1">
                <Link
                  to={adminPaths.item.getHref(variant.id)}
                  aria-current={current ? 'page' : undefined}
                  className="font-medium [overflow-wrap:anywhere] hover:underline aria-[current=page]:underline"
                >
                  {variantLabel(variant, product.title)}
                </Link>
                <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
                  <span>{formatPrice(variant.price_cents, variant.currency)}</span>
                  <span>{variant.stock} in stock</span>
                  <span>{variant.image_paths.length === 0 ? 'No pictures' : pluralize(variant.image_paths.length, 'picture')}</span>
                  {variant.archived_at ? <span>Archived</span> : null}
                  {current ? <span className="sr-only">(shown below)</span> : null}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {adding ? (
        <div className="flex flex-col gap-3 rounded-md border border-border p-4">
          <h3 className="font-semibold">New variant</h3>
          <ItemForm
            userId={userId}
            item={null}
            product={product}
            submitLabel="Add variant"
            onSubmit={async (input) => {
              const created = await create.mutateAsync({ product, input });
              setAdding(false);
              void navigate(adminPaths.item.getHref(created.id), { state: { arrival: 'variant-added' satisfies ArrivalNote } });
            }}
          />
          <div>
            <Button variant="subtle" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add a variant
          </Button>
        </div>
      )}
    </CardSection>
  );
}

/** The chosen variant's details, pictures, stock and sale, read afresh so its form is not stale. */
function VariantPanels({ userId, product, variantId }: { userId: string; product: AdminProduct; variantId: number }) {
  const item = useAdminItem(userId, variantId);
  if (item.isPending || (!item.isFetchedAfterMount && item.isFetching)) return <PageSkeleton what="variant" />;
  if (item.isError) return <LoadError what="The variant" message={item.error.message} onRetry={() => void item.refetch()} />;
  if (!item.data) return null;
  return <VariantEditor userId={userId} product={product} item={item.data} />;
}

function VariantEditor({ userId, product, item }: { userId: string; product: AdminProduct; item: AdminItem }) {
  const update = useUpdateItem(userId);
  const queryClient = useQueryClient();
  // The details version the form was filled from: saves are refused once someone else has
  // edited them since (pictures, stock and sales do not count, see the migrations).
  const [formVersion, setFormVersion] = useState(item.updated_at);
  const [formKey, setFormKey] = useState(0);
  const loadLatest = async () => {
    const latest = await queryClient.fetchQuery({ ...getAdminItemQueryOptions(userId, item.id), staleTime: 0 });
    if (!latest) return;
    setFormVersion(latest.updated_at);
    setFormKey((key) => key + 1);
  };
  return (
    <>
      <CardSection title="Variant details" description={`Shown at /items/${item.slug}.`}>
        <ItemForm
          key={formKey}
          userId={userId}
          item={item}
          product={product}
          submitLabel="Save changes"
          onReload={loadLatest}
          onSubmit={async (input) => {
            const saved = await update.mutateAsync({
              itemId: item.id,
              guard: { updated_at: formVersion },
              changes: {
                title: input.title,
                description: input.description,
                price_cents: input.price_cents,
                featured: input.featured,
                options: input.options,
              },
            });
            setFormVersion(saved.updated_at);
          }}
        />
      </CardSection>
      <PicturesPanel userId={userId} item={item} />
      <StockPanel userId={userId} item={item} />
      <LowStockThreshold userId={userId} item={item} />
      <ArchivePanel userId={userId} item={item} />
    </>
  );
}

/** `/admin/items/<id>`: the product page with this variant shown; its id is read first to find the product. */
export function VariantRoutePage({ userId, itemId, notFound }: { userId: string; itemId: number; notFound: ReactNode }) {
  const item = useAdminItem(userId, itemId);
  if (item.isPending) return <PageSkeleton what="item" />;
  if (item.isError) return <LoadError what="The item" message={item.error.message} onRetry={() => void item.refetch()} />;
  if (!item.data) return notFound;
  return <ProductEditor userId={userId} productId={item.data.product_id} variantId={itemId} notFound={notFound} />;
}
