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
/** The prerendered text field that had the focus last: its form (by its fields' names) and name. */
let focusedField: { element: Element; formKey: string; name: string } | null = null;

const formKey = (names: readonly string[]) => [...names].sort().join('&');

function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  return (element instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'hidden', 'submit'].includes(element.type)) || element instanceof HTMLTextAreaElement;
}

const namedTextFields = (form: HTMLFormElement) => [...form.elements].filter(isTextField).filter((field) => field.name);

function recordFocus(element: Element | null): void {
  const form = element && isTextField(element) && element.name ? element.closest('form') : null;
  if (element && isTextField(element) && form) focusedField = { element, formKey: formKey(namedTextFields(form).map((field) => field.name)), name: element.name };
}

function recordForm(form: HTMLFormElement): void {
  const fields = namedTextFields(form);
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
  if (document.activeElement && root.contains(document.activeElement)) recordFocus(document.activeElement);
  const onFocus = (event: FocusEvent) => recordFocus(event.target instanceof Element ? event.target : null);
  root.addEventListener('input', onInput, true);
  root.addEventListener('focusin', onFocus, true);
  stopWatching = () => {
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('focusin', onFocus, true);
  };
}

/**
 * After a page rendered anew has replaced the prerendered one: when the field being typed into
 * was replaced with it, its successor gets the focus, so the next keys land in the live field
 * instead of nowhere. Nothing moves when the visitor has focused something else meanwhile.
 */
export function refocusReplacedField(): void {
  const last = focusedField;
  focusedField = null;
  if (!last || last.element.isConnected) return;
  if (document.activeElement && document.activeElement !== document.body) return;
  for (const form of document.querySelectorAll('form')) {
    const fields = namedTextFields(form);
    if (formKey(fields.map((field) => field.name)) !== last.formKey) continue;
    fields.find((field) => field.name === last.name)?.focus();
    return;
  }
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
  focusedField = null;
}
