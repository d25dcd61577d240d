/**
 * Text a person typed into a server-rendered form before its island hydrated (the public pages
 * are static HTML whose forms hydrate on first interaction). React 19 keeps such text in the
 * DOM when it hydrates a controlled input, but its state still holds the value it rendered, and
 * its next render would put that value back: a form reads the typed text into its state once,
 * right after hydrating, so nothing typed is lost.
 * @param root the element holding the form's controls (null: nothing is read)
 * @param rendered the value each control was rendered with, by its `name`; only these names are read
 * @returns the value of each named `<input>`/`<textarea>` under `root` whose current text differs
 *   from what was rendered (empty when nothing was typed)
 */
export function typedBeforeHydration<Name extends string>(
  root: ParentNode | null,
  rendered: Readonly<Record<Name, string>>,
): Partial<Record<Name, string>> {
  const typed: Partial<Record<Name, string>> = {};
  if (!root) return typed;
  for (const name of Object.keys(rendered) as Name[]) {
    const control = root.querySelector(`input[name="${name}"], textarea[name="${name}"]`);
    if (
      (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) &&
      control.value !== rendered[name]
    ) {
      typed[name] = control.value;
    }
  }
  return typed;
}

/**
 * The current text of a form's named control: what a submit handler should send. The form's
 * controls are controlled inputs, so this is their state, except right after hydration, when a
 * submit made before the island was live (replayed once it is) can run before the typed text
 * has been read into the state.
 * @param form the submitted form
 * @param name the control's `name`
 * @param fallback returned when the form has no such text control (the state's value)
 */
export function submittedText(form: HTMLFormElement, name: string, fallback: string): string {
  const control = form.elements.namedItem(name);
  return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement
    ? control.value
    : fallback;
}
