import { useId, type InputHTMLAttributes } from 'react';
import { cn } from '@/utils/cn';
import { addressLines, countryName } from '@/utils/address';
import { isDeliveryCountry, phoneExample, POSTCODE_RULES, ANY_PHONE_EXAMPLE_COUNTRY } from '../api/address-formats.ts';
import { DELIVERY_COUNTRIES, type DeliveryDraft, type DeliveryField, type DeliveryProblems, type SavedAddress } from '../api/delivery-schema.ts';

const fieldClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-danger';

const COUNTRY_OPTIONS = DELIVERY_COUNTRIES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));

export type DeliveryChoice = number | 'new';

function Field({
  name,
  label,
  optional = false,
  hint,
  draft,
  problems,
  onChange,
  className,
  ...input
}: {
  name: Exclude<DeliveryField, 'country'>;
  label: string;
  optional?: boolean;
  /** Said under the field (and read with it): what the chosen country expects. */
  hint?: string;
  draft: DeliveryDraft;
  problems: DeliveryProblems;
  onChange: (draft: DeliveryDraft) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'value'>) {
  const id = useId();
  const problem = problems[name];
  const describedBy = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </label>
      <input
        id={id}
        name={name}
        value={draft[name]}
        onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={fieldClass}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The fields of an address, each with its message; the postcode's and the phone's hints follow the
 * chosen country. Checkout and the address book both use them.
 */
export function DeliveryFields({
  draft,
  problems,
  onChange,
}: {
  draft: DeliveryDraft;
  problems: DeliveryProblems;
  onChange: (draft: DeliveryDraft) => void;
}) {
  const countryId = useId();
  const props = { draft, problems, onChange };
  const country = isDeliveryCountry(draft.country) ? draft.country : null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field name="full_name" label="Full name" autoComplete="name" maxLength={120} className="sm:col-span-2" {...props} />
      <Field name="line1" label="Street and number" autoComplete="address-line1" maxLength={200} className="sm:col-span-2" {...props} />
      <Field name="line2" label="Flat, floor, building" optional autoComplete="address-line2" maxLength={200} className="sm:col-span-2" {...props} />
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={countryId} className="text-sm font-medium">
          Country
        </label>
        <select
          id={countryId}
          name="country"
          autoComplete="country"
          value={draft.country}
          onChange={(event) => onChange({ ...draft, country: event.target.value })}
          aria-invalid={problems.country ? true : undefined}
          aria-describedby={problems.country ? `${countryId}-problem` : undefined}
          className={fieldClass}
        >
          {country ? null : (
            <option value={draft.country} disabled>
              Choose a country
            </option>
          )}
          {COUNTRY_OPTIONS.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {problems.country ? (
          <p id={`${countryId}-problem`} className="text-sm text-danger">
            {problems.country}
          </p>
        ) : null}
      </div>
      <Field
        name="postcode"
        label="Postcode"
        autoComplete="postal-code"
        maxLength={12}
        hint={country ? `Such as ${POSTCODE_RULES[country].example}` : undefined}
        {...props}
      />
      <Field name="city" label="Town or city" autoComplete="address-level2" maxLength={100} {...props} />
      <Field
        name="phone"
        label="Phone"
        optional
        type="tel"
        autoComplete="tel"
        maxLength={30}
        hint={`For the courier, such as ${phoneExample(country ?? ANY_PHONE_EXAMPLE_COUNTRY)}`}
        className="sm:col-span-2"
        {...props}
      />
    </div>
  );
}

/**
 * Where the order goes: a saved address (last used first) or a new one. Nothing typed is ever
 * lost: switching to a saved address and back keeps the new one's fields, and so does any error.
 */
export function DeliveryForm({
  saved,
  choice,
  onChoose,
  draft,
  problems,
  onChange,
}: {
  saved: readonly SavedAddress[];
  choice: DeliveryChoice;
  onChoose: (choice: DeliveryChoice) => void;
  draft: DeliveryDraft;
  problems: DeliveryProblems;
  onChange: (draft: DeliveryDraft) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-lg font-semibold">Delivery details</legend>
      {saved.length > 0 ? (
        <div role="radiogroup" aria-label="Deliver to" className="flex flex-col gap-2">
          {saved.map((address) => (
            <label
              key={address.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-checked:border-primary has-checked:bg-primary-soft"
            >
              <input type="radio" name="delivery-choice" className="mt-1 size-4 accent-primary" checked={choice === address.id} onChange={() => onChoose(address.id)} />
              <span className="flex flex-col text-sm">
                {addressLines(address).map((line, index) => (
                  <span key={index} className={index === 0 ? 'font-medium' : 'text-muted-foreground'}>
                    {line}
                  </span>
                ))}
              </span>
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 has-checked:border-primary has-checked:bg-primary-soft">
            <input type="radio" name="delivery-choice" className="size-4 accent-primary" checked={choice === 'new'} onChange={() => onChoose('new')} />
            <span className="text-sm font-medium">A new address</span>
          </label>
        </div>
      ) : null}
      {choice === 'new' ? (
        <DeliveryFields draft={draft} problems={problems} onChange={onChange} />
      ) : null}
    </fieldset>
  );
}
