/**
 * What a visitor typed into a prerendered form before the app's script arrived. Hydration sets a
 * controlled input back to its state (empty), and a page rendered anew replaces the inputs, so the
 * values are read just before and handed to each form once it is live. A form is known by the
 * names of its fields (one form with a given set of fields per page).
 */
const typedByForm = new Map<string, Record<string, string>>();

const formKey = (names: readonly string[]) => [...names].sort().join('&');

function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  return (element instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'hidden', 'submit'].includes(element.type)) || element instanceof HTMLTextAreaElement;
}

export function captureTypedInputs(root: ParentNode): void {
  for (const form of root.querySelectorAll('form')) {
    const fields = [...form.elements].filter(isTextField).filter((field) => field.name);
    const typed: Record<string, string> = {};
    for (const field of fields) if (field.value !== field.defaultValue) typed[field.name] = field.value;
    if (Object.keys(typed).length > 0) typedByForm.set(formKey(fields.map((field) => field.name)), typed);
  }
}

/** The values typed into the form with these fields before the app took over (null when none). */
export function typedInputs(fieldNames: readonly string[]): Record<string, string> | null {
  return typedByForm.get(formKey(fieldNames)) ?? null;
}

/** After the app's first render: a form shown later starts empty, as it should. */
export function forgetTypedInputs(): void {
  typedByForm.clear();
}
