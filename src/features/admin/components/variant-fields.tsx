import { TextField } from '@/components/ui/text-field';

type OptionName = 'colour' | 'material';

/** A variant's options, the words shoppers choose it by on the product page. */
export function VariantOptionFields({
  values,
  errors,
  onChange,
}: {
  values: Record<OptionName, string>;
  errors: Partial<Record<OptionName, string>>;
  onChange: (name: OptionName, value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Colour"
        name="colour"
        value={values.colour}
        error={errors.colour}
        hint="Optional. Shoppers choose variants by it."
        onChange={(event) => onChange('colour', event.target.value)}
        maxLength={40}
      />
      <TextField
        label="Material"
        name="material"
        value={values.material}
        error={errors.material}
        hint="Optional, like “Velvet”."
        onChange={(event) => onChange('material', event.target.value)}
        maxLength={40}
      />
    </div>
  );
}

/** The web address of a new item or variant: fixed once created, so links keep working. */
export function SlugField({ value, error, noun, onChange }: { value: string; error: string | undefined; noun: 'item' | 'variant'; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Web address"
      name="slug"
      value={value}
      error={error}
      hint={`The ${noun}'s page will be /items/${value || '…'}. It cannot be changed later, so links keep working.`}
      onChange={(event) => onChange(event.target.value)}
      autoCapitalize="none"
      spellCheck={false}
      required
    />
  );
}
