import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { CardSection } from '@/components/ui/card-section';
import { adminPaths } from '@/config/admin-paths';
import { useCreateItem } from '../api/save-item.ts';
import { ItemForm } from './item-form.tsx';
import { BackToItems, VariantRoutePage, type ArrivalNote } from './product-page.tsx';

/**
 * `/admin/items/new` creates an item on sale at once (a product of its own, made by the database);
 * `/admin/items/<id>` is its product's page with this variant shown.
 */
export function ItemEditorPage({ userId, notFound }: { userId: string; notFound: ReactNode }) {
  const { id } = useParams();
  if (id === undefined || id === 'new') return <NewItem userId={userId} />;
  const itemId = /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
  if (itemId === null) return notFound;
  return <VariantRoutePage key={itemId} userId={userId} itemId={itemId} notFound={notFound} />;
}

function NewItem({ userId }: { userId: string }) {
  const create = useCreateItem(userId);
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title="New item · Store admin" />
      <BackToItems />
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">New item</h1>
        <p className="mt-1 text-muted-foreground">
          A single item, on sale as soon as it is created. To prepare a product with variants before shoppers see it,{' '}
          <Link to={adminPaths.newProduct.getHref()} className="text-primary underline underline-offset-4">
            create a new product
          </Link>{' '}
          instead: it starts as a draft.
        </p>
      </div>
      <CardSection title="Details" description="Pictures can be added once the item exists.">
        <ItemForm
          userId={userId}
          item={null}
          submitLabel="Create item"
          onSubmit={async (input) => {
            const created = await create.mutateAsync(input);
            void navigate(adminPaths.item.getHref(created.id), { state: { arrival: 'item-created' satisfies ArrivalNote } });
          }}
        />
      </CardSection>
    </>
  );
}
