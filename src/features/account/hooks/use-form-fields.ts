import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { typedInputs } from '@/lib/typed-before-hydration';
import type { FieldErrors } from '../api/account-schemas.ts';

export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * Form state for the account forms: values are never cleared by an error; a field is checked
 * as you type once you have left it (or tried to submit), so nobody is told off mid-word; on an
 * invalid submit focus moves to the first field with an error, in the order of `initial`.
 *
 * In a prerendered page the form is on screen before its script: `ready` is false until it is
 * live (submit buttons wait for it, so the browser never submits the form itself, password in the
 * address), and whatever was typed meanwhile is kept.
 */
export function useFormFields<V extends Record<string, string>>(initial: V, validate: (values: V) => FieldErrors<V>) {
  const [values, setValues] = useState<V>(initial);
  // What was typed into the prerendered form before the app took over is put back once it is
  // live, before the browser paints again. Not as the first state: hydration must render exactly
  // the HTML that was prerendered (a password's length hint included), or React throws it away.
  const fieldNames = useRef(Object.keys(initial));
  useLayoutEffect(() => {
    const typed = typedInputs(fieldNames.current);
    if (typed) setValues((current) => ({ ...current, ...Object.fromEntries(fieldNames.current.filter((name) => typed[name] !== undefined).map((name) => [name, typed[name]])) }));
  }, []);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<V>>({});
  // Found by id rather than a ref, so field props stay plain values during render.
  const formId = useId();
  const errors = validate(values);
  const names = Object.keys(initial) as (keyof V & string)[];
  const ready = useHydrated();


  const errorOf = (name: keyof V & string) => serverErrors[name] ?? (submitted || touched[name] ? errors[name] : undefined);

  const focusField = (name: string) => {
    const form = document.getElementById(formId);
    const element = form instanceof HTMLFormElement ? form.elements.namedItem(name) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const field = (name: keyof V & string): FieldProps => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setServerErrors((current) => ({ ...current, [name]: undefined }));
    },
    onBlur: (event) => {
      // Leaving for the submit button: the submit shows every error anyway. Showing this one now
      // would push the button down between mousedown and mouseup and swallow the click.
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.type === 'submit' && next.form === event.currentTarget.form) return;
      setTouched((current) => (current[name] || values[name] === '' ? current : { ...current, [name]: true }));
    },
  });

  const handleSubmit = (onValid: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const first = names.find((name) => errors[name] !== undefined || serverErrors[name] !== undefined);
    if (first) {
      focusField(first);
      return;
    }
    onValid(values);
  };

  /** Marks a field with a server-side error (e.g. "e-mail already registered") and focuses it. */
  const setServerError = (name: keyof V & string, message: string) => {
    setServerErrors((current) => ({ ...current, [name]: message }));
    focusField(name);
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  };

  return { formId, ready, values, field, handleSubmit, setServerError, reset, focusField };
}
