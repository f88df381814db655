import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getAdminItemQueryOptions, useAdminItem, type AdminItem } from '../api/admin-items.ts';
import { useCreateItem, useUpdateItem } from '../api/save-item.ts';
import { ArchivePanel } from './archive-panel.tsx';
import { ItemForm } from './item-form.tsx';
import { PicturesPanel } from './pictures-panel.tsx';
import { StockPanel } from './stock-panel.tsx';

function BackToItems() {
  return (
    <Button variant="link" size="inline" asChild className="self-start">
      <Link to={paths.adminItems.getHref()}>
        <ArrowLeft aria-hidden="true" />
        All items
      </Link>
    </Button>
  );
}

/** `/admin/items/new` creates an item; `/admin/items/<id>` edits one. */
export function ItemEditorPage({ userId, notFound }: { userId: string; notFound: ReactNode }) {
  const { id } = useParams();
  if (id === undefined || id === 'new') return <NewItem userId={userId} />;
  const itemId = /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
  if (itemId === null) return notFound;
  return <EditItem key={itemId} userId={userId} itemId={itemId} notFound={notFound} />;
}

function NewItem({ userId }: { userId: string }) {
  const create = useCreateItem(userId);
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title="New item · Store admin" />
      <BackToItems />
      <h1 className="text-3xl font-semibold tracking-tight">New item</h1>
      <CardSection title="Details" description="Pictures can be added once the item exists.">
        <ItemForm
          userId={userId}
          item={null}
          submitLabel="Create item"
          onSubmit={async (input) => {
            const created = await create.mutateAsync(input);
            void navigate(paths.adminItem.getHref(created.id), { state: { created: true } });
          }}
        />
      </CardSection>
    </>
  );
}

function EditItem({ userId, itemId, notFound }: { userId: string; itemId: number; notFound: ReactNode }) {
  const item = useAdminItem(userId, itemId);
  const { state } = useLocation();
  const justCreated = (state as { created?: unknown } | null)?.created === true;
  // Wait for this visit's read even when an older copy is cached: the form starts from the item as
  // it is now, so its save is not refused for a change made since the copy was cached.
  if (item.isPending || (!item.isFetchedAfterMount && item.isFetching)) {
    return (
      <>
        <p role="status" className="sr-only">
          Loading the item…
        </p>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-96" />
      </>
    );
  }
  if (item.isError) {
    return (
      <LoadError what="The item" message={item.error.message} onRetry={() => void item.refetch()} />
    );
  }
  if (!item.data) return notFound;
  return <ItemEditor userId={userId} item={item.data} justCreated={justCreated} />;
}

function ItemEditor({ userId, item, justCreated }: { userId: string; item: AdminItem; justCreated: boolean }) {
  const update = useUpdateItem(userId);
  const queryClient = useQueryClient();
  // The details version the form was filled from: saves are refused once someone else has
  // edited them since (pictures, stock and sales do not count, see the migration).
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
      <PageTitle title={`${item.title} · Store admin`} />
      <BackToItems />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-semibold tracking-tight [overflow-wrap:anywhere]">{item.title}</h1>
        {item.archived_at === null ? (
          <Button variant="secondary" asChild>
            <Link to={paths.item.getHref(item.slug)}>
              <ExternalLink aria-hidden="true" />
              View in shop
            </Link>
          </Button>
        ) : null}
      </div>
      {justCreated ? <FormAlert tone="success">Item created and on sale. Add its pictures below.</FormAlert> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-6">
          <CardSection title="Details">
            <ItemForm
              key={formKey}
              userId={userId}
              item={item}
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
                    category_id: input.category_id,
                    featured: input.featured,
                  },
                });
                setFormVersion(saved.updated_at);
              }}
            />
          </CardSection>
          <PicturesPanel userId={userId} item={item} />
        </div>
        <div className="flex flex-col gap-6">
          <StockPanel userId={userId} item={item} />
          <ArchivePanel userId={userId} item={item} />
        </div>
      </div>
    </>
  );
}
