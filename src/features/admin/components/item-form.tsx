import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { AdminItem } from '../api/admin-items.ts';
import { itemOptions, parseItemForm, slugFromTitle, type ItemFormErrors, type ItemFormValues, type ItemInput } from '../api/item-form-schema.ts';
import { variantTitle } from '../api/product-form-schema.ts';
import { ItemFieldError, StaleItemError } from '../api/save-item.ts';
import { optionsOf } from '../utils/variant-label.ts';
import { CategoryField } from './category-field.tsx';
import { SlugField, VariantOptionFields } from './variant-fields.tsx';
import { CheckboxField, TextAreaField } from './form-controls.tsx';

function valuesOf(item: AdminItem | null, product: VariantOf | undefined): ItemFormValues {
  if (!item) {
    return { title: product?.title ?? '', slug: product ? slugFromTitle(product.title) : '', description: '', price: '', categoryId: product ? String(product.category_id) : '', featured: false, stock: '0', colour: '', material: '' };
  }
  const options = optionsOf(item.options);
  return {
    title: item.title,
    slug: item.slug,
    description: item.description,
    price: (item.price_cents / 100).toFixed(2),
    categoryId: String(item.category_id),
    featured: item.featured,
    stock: String(item.stock),
    colour: options.colour ?? '',
    material: options.material ?? '',
  };
}

/** The product a variant belongs to: its name starts the variant's, and its category is the variant's. */
interface VariantOf {
  title: string;
  category_id: number;
}

interface ItemFormProps {
  userId: string;
  /** The item as loaded; null to create one (web address and starting stock are asked only then). */
  item: AdminItem | null;
  /**
   * The product of the variant edited or added: its options are asked, and not its category (the
   * product's). Without it, a new item of its own (a product of its own, on sale at once).
   */
  product?: VariantOf;
  submitLabel: string;
  onSubmit: (input: ItemInput) => Promise<unknown>;
  /** Refills the form with the item as saved now (offered when a save was refused as stale). */
  onReload?: () => Promise<void>;
}

/**
 * An item's details. Every field says what is wrong on submit (and as you fix it), nothing typed
 * is lost when saving fails, and the web address follows the name until staff edit it themselves.
 */
export function ItemForm({ userId, item, product, submitLabel, onSubmit, onReload }: ItemFormProps) {
  const [values, setValues] = useState(() => valuesOf(item, product));
  const [slugEdited, setSlugEdited] = useState(item !== null);
  const [titleEdited, setTitleEdited] = useState(item !== null || !product);
  const isVariant = product !== undefined;
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ItemFormErrors>({});
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const creating = item === null;

  const parsed = parseItemForm(values);
  const errors: ItemFormErrors = { ...(submitted && 'errors' in parsed ? parsed.errors : {}), ...serverErrors };

  const change = <K extends keyof ItemFormValues>(name: K, value: ItemFormValues[K]) => {
    // A new variant's name follows its product's and its options ("Linden table, Rust") until staff
    // type one, and the web address follows the name until staff edit it.
    const titleFollows = (name === 'colour' || name === 'material') && product !== undefined && !titleEdited;
    const slugFollows = (name === 'title' || name === 'colour' || name === 'material') && !slugEdited;
    setValues((current) => {
      const next = { ...current, [name]: value };
      if (titleFollows) next.title = variantTitle(product.title, itemOptions(next));
      if (slugFollows) next.slug = slugFromTitle(next.title);
      return next;
    });
    const edited = new Set<string>([name, ...(titleFollows ? ['title'] : []), ...(slugFollows ? ['slug'] : [])]);
    // What the server said about those fields was about the old values.
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !edited.has(field))));
    // So was its refusal, unless it was about the item having changed meanwhile: that stays true,
    // with its offer to load their version, until the next save.
    setFailure((current) => (current?.stale ? current : null));
    setSaved(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (saving) return;
    setSubmitted(true);
    setFailure(null);
    if ('errors' in parsed) {
      const first = Object.keys(parsed.errors)[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSubmit(parsed.input);
      setServerErrors({});
      setSaved(true);
      setSubmitted(false);
    } catch (error) {
      // Each answer replaces what the last one said about the fields.
      setServerErrors(error instanceof ItemFieldError ? error.errors : {});
      if (error instanceof ItemFieldError) {
        form.querySelector<HTMLElement>(`[name="${Object.keys(error.errors)[0] ?? ''}"]`)?.focus();
      } else {
        setFailure({ message: error instanceof Error ? error.message : String(error), stale: error instanceof StaleItemError });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {isVariant ? (
        <VariantOptionFields values={values} errors={errors} onChange={change} />
      ) : null}
      <TextField
        label="Name"
        name="title"
        value={values.title}
        error={errors.title}
        onChange={(event) => {
          setTitleEdited(true);
          change('title', event.target.value);
        }}
        maxLength={200}
        required
      />
      {creating ? (
        <SlugField
          value={values.slug}
          error={errors.slug}
          noun="item"
          onChange={(value) => {
            setSlugEdited(true);
            change('slug', value);
          }}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          Web address: <span className="font-medium text-foreground">/items/{values.slug}</span> (fixed, so links keep working)
        </p>
      )}
      {creating && isVariant ? null : (
        <TextAreaField
          label="Description"
          name="description"
          value={values.description}
          error={errors.description}
          onChange={(event) => change('description', event.target.value)}
          rows={5}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (€)"
          name="price"
          inputMode="decimal"
          value={values.price}
          error={errors.price}
          onChange={(event) => change('price', event.target.value)}
          required
        />
        {isVariant ? null : (
          <CategoryField userId={userId} value={values.categoryId} error={errors.categoryId} onChange={(event) => change('categoryId', event.target.value)} />
        )}
      </div>
      {creating ? (
        <TextField
          label="Stock"
          name="stock"
          inputMode="numeric"
          value={values.stock}
          error={errors.stock}
          hint="How many you have now. Later changes are made with a reason, under Stock."
          onChange={(event) => change('stock', event.target.value)}
          required
        />
      ) : null}
      {creating && isVariant ? null : (
        <CheckboxField
          label="Featured"
          name="featured"
          hint="Shown on the home page."
          checked={values.featured}
          onChange={(event) => change('featured', event.target.checked)}
        />
      )}
      {failure ? (
        <FormAlert tone="error">
          {failure.message}
          {failure.stale && onReload ? (
            <>
              {' '}
              Your changes are still in the form.{' '}
              <Button type="button" variant="link" size="inline" onClick={() => void onReload()}>
                Load their version (your changes are dropped)
              </Button>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      {saved && !creating ? <FormAlert tone="success">Changes saved.</FormAlert> : null}
      <div>
        {/* aria-disabled, not disabled: a disabled button drops keyboard focus; submit() ignores repeats. */}
        <Button type="submit" aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
