import * as z from 'zod/mini';

/** Mirrors supabase/config.toml [auth] minimum_password_length; the server checks it again. */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads only the first 72 bytes; GoTrue refuses longer passwords. */
export const MAX_PASSWORD_LENGTH = 72;
export const MAX_DISPLAY_NAME_LENGTH = 60;

export const EmailSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter your e-mail address.'),
    z.email('Enter an e-mail address like name@example.com.'),
  );

export const NewPasswordSchema = z
  .string()
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`),
    z.refine((value) => new TextEncoder().encode(value).length <= MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`),
    z.refine((value) => value.trim().length > 0, 'A password cannot be only spaces.'),
  );

export const CurrentPasswordSchema = z.string().check(z.minLength(1, 'Enter your password.'));

export const DisplayNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter a name, or clear the field and save to remove it.'),
    z.maxLength(MAX_DISPLAY_NAME_LENGTH, `Use at most ${MAX_DISPLAY_NAME_LENGTH} characters.`),
  );

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** The first message per field, in a shape forms can show next to each input. */
export function fieldErrors<V extends Record<string, string>>(schema: z.ZodMiniType, values: V): FieldErrors<V> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors as FieldErrors<V>;
}
