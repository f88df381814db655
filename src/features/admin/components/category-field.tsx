import type { ChangeEvent } from 'react';
import { useAdminCategories } from '../api/admin-items.ts';
import { SelectField } from './form-controls.tsx';

/** The category choice of the item and product forms; a failed load of the categories is its error. */
export function CategoryField({
  userId,
  value,
  error,
  onChange,
}: {
  userId: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const categories = useAdminCategories(userId);
  return (
    <SelectField label="Category" name="categoryId" value={value} error={error ?? (categories.isError ? categories.error.message : undefined)} onChange={onChange} required>
      <option value="">Choose a category</option>
      {categories.data?.map((category) => (
        <option key={category.id} value={category.id}>
          {category.name}
        </option>
      ))}
    </SelectField>
  );
}
