import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { AdminProduct } from '../api/admin-products.ts';
import {
  EMPTY_FIRST_VARIANT,
  EMPTY_PRODUCT,
  firstVariantSlug,
  parseNewProductForm,
  parseProductForm,
  type FirstVariantFormValues,
  type NewProductInput,
  type ProductFormErrors,
  type ProductFormValues,
  type ProductInput,
} from '../api/product-form-schema.ts';
import { ProductFieldError, StaleProductError } from '../api/save-product.ts';
import { CategoryField } from './category-field.tsx';
import { SlugField, VariantOptionFields } from './variant-fields.tsx';
import { TextAreaField } from './form-controls.tsx';

const measureText = (value: number | null) => (value === null ? '' : String(value));

function valuesOf(product: AdminProduct): ProductFormValues {
  return {
    title: product.title,
    description: product.description,
    categoryId: String(product.category_id),
    width: measureText(product.width_cm),
    depth: measureText(product.depth_cm),
    height: measureText(product.height_cm),
    weight: measureText(product.weight_kg),
    materials: product.materials,
    care: product.care,
    assembly: product.assembly,
  };
}

type Change = <K extends keyof ProductFormValues>(name: K, value: ProductFormValues[K]) => void;

/** Focuses the first field with an error (the form's fields are named after their values). */
function focusFirst(form: HTMLFormElement, errors: ProductFormErrors) {
  const first = Object.keys(errors)[0];
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/** What a product's variants share: name, description, category and the specifications. */
function ProductFields({ userId, values, errors, change }: { userId: string; values: ProductFormValues; errors: ProductFormErrors; change: Change }) {
  const measure = (name: 'width' | 'depth' | 'height' | 'weight', label: string) => (
    <TextField label={label} name={name} inputMode="decimal" value={values[name]} error={errors[name]} onChange={(event) => change(name, event.target.value)} />
  );
  return (
    <>
      <TextField label="Name" name="title" value={values.title} error={errors.title} onChange={(event) => change('title', event.target.value)} maxLength={200} required />
      <TextAreaField
        label="Description"
        name="description"
        value={values.description}
        error={errors.description}
        onChange={(event) => change('description', event.target.value)}
        rows={4}
      />
      <CategoryField userId={userId} value={values.categoryId} error={errors.categoryId} onChange={(event) => change('categoryId', event.target.value)} />
      <fieldset className="flex flex-col gap-4">
        <legend className="text-base font-semibold">Specifications</legend>
        <p className="text-sm text-muted-foreground">All optional. Outer dimensions; shoppers see them on every variant’s page.</p>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {measure('width', 'Width (cm)')}
          {measure('depth', 'Depth (cm)')}
          {measure('height', 'Height (cm)')}
          {measure('weight', 'Weight (kg)')}
        </div>
        <TextField
          label="Materials"
          name="materials"
          value={values.materials}
          error={errors.materials}
          hint="What it is made of, like “Solid oak, linen”."
          onChange={(event) => change('materials', event.target.value)}
          maxLength={500}
        />
        <TextAreaField label="Care" name="care" value={values.care} error={errors.care} onChange={(event) => change('care', event.target.value)} rows={2} />
        <TextAreaField
          label="Assembly"
          name="assembly"
          value={values.assembly}
          error={errors.assembly}
          onChange={(event) => change('assembly', event.target.value)}
          rows={2}
        />
      </fieldset>
    </>
  );
}

/** Tracks a form's values, the errors shown (after a first submit, and from the server) and saving. */
function useFormState<V extends object>(initial: () => V) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ProductFormErrors>({});
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  /**
   * Fields were edited: what the server said about them was about the old values, and so was its
   * refusal, unless it was about the product having changed meanwhile (that stays true, with its
   * offer to load their version, until the next save).
   */
  const forget = (...names: string[]) => {
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !names.includes(field))));
    setFailure((current) => (current?.stale ? current : null));
    setSaved(false);
  };
  /** Runs a save: a refusal for one field goes under it, anything else is an alert; nothing typed is lost. */
  const run = async (form: HTMLFormElement, save: () => Promise<unknown>) => {
    setSaving(true);
    setFailure(null);
    try {
      await save();
      setServerErrors({});
      setSubmitted(false);
      setSaved(true);
    } catch (error) {
      // Each answer replaces what the last one said about the fields.
      setServerErrors(error instanceof ProductFieldError ? error.errors : {});
      if (error instanceof ProductFieldError) {
        focusFirst(form, error.errors);
      } else {
        setFailure({ message: error instanceof Error ? error.message : String(error), stale: error instanceof StaleProductError });
      }
    } finally {
      setSaving(false);
    }
  };
  /** The form's submit: every error shown and the first focused, or what parsed saved. */
  const submitWith =
    <I,>(parsed: { input: I } | { errors: ProductFormErrors }, save: (input: I) => Promise<unknown>) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const element = event.currentTarget;
      if (saving) return;
      setSubmitted(true);
      setFailure(null);
      if ('errors' in parsed) {
        focusFirst(element, parsed.errors);
        return;
      }
      void run(element, () => save(parsed.input));
    };
  return { values, setValues, submitted, serverErrors, failure, saving, saved, forget, run, submitWith };
}

function SubmitRow({ saving, label, children }: { saving: boolean; label: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      {children}
      <div>
        {/* aria-disabled, not disabled: a disabled button drops keyboard focus; submit ignores repeats. */}
        <Button type="submit" aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : label}
        </Button>
      </div>
    </div>
  );
}

/**
 * A new product and its first variant, created together as a draft. Every field says what is
 * wrong on submit (and as it is fixed); the variant's web address follows the name and options
 * until staff edit it.
 */
export function NewProductForm({ userId, onSubmit }: { userId: string; onSubmit: (input: NewProductInput) => Promise<unknown> }) {
  const form = useFormState(() => ({ product: EMPTY_PRODUCT, variant: EMPTY_FIRST_VARIANT }));
  const [slugEdited, setSlugEdited] = useState(false);
  const { product, variant } = form.values;
  const parsed = parseNewProductForm(product, variant);
  const errors: ProductFormErrors = { ...(form.submitted && 'errors' in parsed ? parsed.errors : {}), ...form.serverErrors };

  const changeProduct: Change = (name, value) => {
    const slugFollows = name === 'title' && !slugEdited;
    form.setValues((current) => {
      const next = { ...current.product, [name]: value };
      const slug = slugFollows ? firstVariantSlug(String(value), current.variant) : current.variant.slug;
      return { product: next, variant: { ...current.variant, slug } };
    });
    form.forget(name, ...(slugFollows ? ['slug'] : []));
  };
  const changeVariant = (name: keyof FirstVariantFormValues, value: string) => {
    const slugFollows = (name === 'colour' || name === 'material') && !slugEdited;
    form.setValues((current) => {
      const next = { ...current.variant, [name]: value };
      if (slugFollows) next.slug = firstVariantSlug(current.product.title, next);
      return { product: current.product, variant: next };
    });
    form.forget(name, ...(slugFollows ? ['slug'] : []));
  };

  const submit = form.submitWith(parsed, onSubmit);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <CardSection title="Product" description="What every variant shares. Shoppers see it once you publish the product.">
        <ProductFields userId={userId} values={product} errors={errors} change={changeProduct} />
      </CardSection>
      <CardSection title="First variant" description="What shoppers choose and buy: its own web address, price and stock, and later its pictures. You can add more variants once the product exists.">
        <VariantOptionFields values={variant} errors={errors} onChange={changeVariant} />
        <SlugField
          value={variant.slug}
          error={errors.slug}
          noun="variant"
          onChange={(value) => {
            setSlugEdited(true);
            changeVariant('slug', value);
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Price (€)" name="price" inputMode="decimal" value={variant.price} error={errors.price} onChange={(event) => changeVariant('price', event.target.value)} required />
          <TextField
            label="Stock"
            name="stock"
            inputMode="numeric"
            value={variant.stock}
            error={errors.stock}
            hint="How many you have now."
            onChange={(event) => changeVariant('stock', event.target.value)}
            required
          />
        </div>
      </CardSection>
      <SubmitRow saving={form.saving} label="Create draft">
        {form.failure ? <FormAlert tone="error">{form.failure.message}</FormAlert> : null}
      </SubmitRow>
    </form>
  );
}

/** A product's details and specifications, saved while nobody else has changed them since they were loaded. */
export function ProductDetailsForm({
  userId,
  product,
  onSubmit,
  onReload,
}: {
  userId: string;
  product: AdminProduct;
  onSubmit: (input: ProductInput) => Promise<unknown>;
  /** Refills the form with the product as saved now (offered when a save was refused as stale). */
  onReload: () => Promise<void>;
}) {
  const form = useFormState(() => valuesOf(product));
  const parsed = parseProductForm(form.values);
  const errors: ProductFormErrors = { ...(form.submitted && 'errors' in parsed ? parsed.errors : {}), ...form.serverErrors };
  const change: Change = (name, value) => {
    form.setValues((current) => ({ ...current, [name]: value }));
    form.forget(name);
  };
  const submit = form.submitWith(parsed, onSubmit);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ProductFields userId={userId} values={form.values} errors={errors} change={change} />
      <SubmitRow saving={form.saving} label="Save product">
        {form.failure ? (
          <FormAlert tone="error">
            {form.failure.message}
            {form.failure.stale ? (
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
        {form.saved ? <FormAlert tone="success">Product saved.</FormAlert> : null}
      </SubmitRow>
    </form>
  );
}
