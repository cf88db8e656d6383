import { useMemo } from 'react';
import {
  useForm as useHookForm,
  type FieldValues,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { ValidationUnavailable } from './lazy-resolver';

/**
 * A field's registration with the value it starts with. react-hook-form's fields are uncontrolled: it puts their
 * values in after they are mounted, which a page rendered on the server never is, so each field also says its
 * starting value and the components draw it (`value`, `checked`, `selected`) in the HTML (decision 0038).
 */
export type FieldRegistration = UseFormRegisterReturn & { initial?: unknown };

/**
 * react-hook-form's `useForm`, whose `register` also gives each field's starting value (see FieldRegistration),
 * and whose `handleSubmit` posts the form natively, as without JavaScript, when its validation could not be
 * fetched (a lazy resolver's ValidationUnavailable, decision 0071): the server answers with the error summary.
 */
export function useForm<
  T extends FieldValues = FieldValues,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-hook-form's own default
  C = any,
  R = T,
>(props?: UseFormProps<T, C, R>): UseFormReturn<T, C, R> {
  const form = useHookForm<T, C, R>(props);
  // react-hook-form keeps one object and gives it a new `formState` on each render: a copy is made each render too.
  const register = useMemo(
    () =>
      ((name, options) => ({
        ...form.register(name, options),
        initial: form.getValues(name),
      })) as UseFormReturn<T, C, R>['register'],
    [form],
  );
  const handleSubmit = useMemo(
    () =>
      ((onValid, onInvalid) => {
        const submit = form.handleSubmit(onValid, onInvalid);
        return async (event?: { currentTarget?: unknown; target?: unknown }) => {
          // Read while the event is dispatched: React clears currentTarget afterwards.
          const element = formElementOf(event);
          try {
            await submit(event as Parameters<typeof submit>[0]);
          } catch (error) {
            if (!(error instanceof ValidationUnavailable) || !element) throw error;
            HTMLFormElement.prototype.submit.call(element);
          }
        };
      }) as UseFormReturn<T, C, R>['handleSubmit'],
    [form],
  );
  return { ...form, register, handleSubmit };
}

function formElementOf(
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
