import { createContext, type ComponentType } from 'react';
import type { Tables } from '@/types/database';

/** What an item card hands to its action: enough to name the item and to show it elsewhere. */
export type CardActionItem = Pick<Tables<'items'>, 'id' | 'slug' | 'title' | 'price_cents' | 'currency' | 'stock' | 'image_paths'>;

/**
 * A control the app puts on every item card (the saved items' heart). The card renders it last
 * inside its `relative` article and knows nothing more of it: the control places itself
 * (absolutely, over the picture's top corner, above the card-wide link). Features never import
 * each other; the app layer composes them by providing this.
 */
export const ItemCardActionContext = createContext<ComponentType<{ item: CardActionItem }> | null>(null);
