import type { UseFormRegisterReturn } from 'react-hook-form';

// What every form's fields share, whichever hook runs the form (`useForm` in forms.ts, `useSmallForm` in
// small-form.ts): a field's registration with its starting value, and the form element of a submit event.

/**
 * A field's registration with the value it starts with. react-hook-form's fields are uncontrolled: it puts their
 * values in after they are mounted, which a page rendered on the server never is, so each field also says its
 * starting value and the components draw it (`value`, `checked`, `selected`) in the HTML (decision 0038).
 */
export type FieldRegistration = UseFormRegisterReturn & { initial?: unknown };

/** The form a submit event came from (its element or a control inside it). */
export function formElementOf(
  event: { currentTarget?: unknown; target?: unknown } | undefined,
): HTMLFormElement | null {
  if (typeof HTMLFormElement === 'undefined' || !event) return null;
  for (const node of [event.currentTarget, event.target]) {
    if (node instanceof HTMLFormElement) return node;
    if (node instanceof Element) {
      const form = node.closest('form');
      if (form) return form;
    }
  }
  return null;
}

/** A registration without its starting value (what goes onto the element), and that value. */
export function splitRegistration(register: UseFormRegisterReturn | undefined): {
  field: UseFormRegisterReturn | undefined;
  initial: unknown;
} {
  if (!register) return { field: undefined, initial: undefined };
  const { initial, ...field } = register as FieldRegistration;
  return { field, initial };
}

/** A text box's or a select's starting value. */
export function initialText(initial: unknown): string | undefined {
  return typeof initial === 'string' || typeof initial === 'number' ? String(initial) : undefined;
}

/** Whether a radio or a box of this value starts ticked (a list of ticked values, one value, or a tick's true). */
export function initiallyChecked(initial: unknown, value: string): boolean {
  if (Array.isArray(initial)) return initial.map(String).includes(value);
  if (typeof initial === 'boolean') return initial && (value === 'true' || value === 'yes');
  return initial !== undefined && initial !== null && String(initial) === value;
}
