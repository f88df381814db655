/**
 * What a visitor typed into a prerendered form before the app's script arrived. Hydration sets a
 * controlled input back to its state (empty), and a page rendered anew replaces the inputs, so the
 * values are kept and handed to each form once it is live. A form is known by the names of its
 * fields (one form with a given set of fields per page).
 *
 * Kept up to date by an `input` listener rather than read once: a page rendered anew is rendered as
 * a transition, in slices, while the prerendered form stays on screen and can still be typed into;
 * whatever it holds when React commits is what the live form starts with.
 */
const typedByForm = new Map<string, Record<string, string>>();
let stopWatching: (() => void) | null = null;

const formKey = (names: readonly string[]) => [...names].sort().join('&');

function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  return (element instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'hidden', 'submit'].includes(element.type)) || element instanceof HTMLTextAreaElement;
}

function recordForm(form: HTMLFormElement): void {
  const fields = [...form.elements].filter(isTextField).filter((field) => field.name);
  const typed: Record<string, string> = {};
  for (const field of fields) if (field.value !== field.defaultValue) typed[field.name] = field.value;
  const key = formKey(fields.map((field) => field.name));
  if (Object.keys(typed).length > 0) typedByForm.set(key, typed);
  else typedByForm.delete(key);
}

/** Records what the forms under `root` hold now and whatever is typed into them until `forgetTypedInputs`. */
export function watchTypedInputs(root: HTMLElement): void {
  for (const form of root.querySelectorAll('form')) recordForm(form);
  const onInput = (event: Event) => {
    const form = event.target instanceof Element ? event.target.closest('form') : null;
    if (form && root.contains(form)) recordForm(form);
  };
  root.addEventListener('input', onInput, true);
  stopWatching = () => root.removeEventListener('input', onInput, true);
}

/** The values typed into the form with these fields before the app took over (null when none). */
export function typedInputs(fieldNames: readonly string[]): Record<string, string> | null {
  return typedByForm.get(formKey(fieldNames)) ?? null;
}

/** After the app's first render: a form shown later starts empty, as it should. */
export function forgetTypedInputs(): void {
  stopWatching?.();
  stopWatching = null;
  typedByForm.clear();
}
