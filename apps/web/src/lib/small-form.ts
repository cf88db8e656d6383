import { useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { formElementOf, type FieldRegistration } from './form-fields';
import { ValidationUnavailable } from './lazy-resolver';

// A form of a few fields, read when it is sent, needs no form library: its fields are the page's own HTML
// (uncontrolled, drawn with their starting values on the server), and it is checked with its domain schema only
// when it is sent (decision 0071's lazy resolver). `useSmallForm` gives the part of react-hook-form's `useForm`
// such a form uses, with the same registrations, so the same components draw it; pages measured against the
// first-load budget (the dashboard's filters, a result's yes/no question) use it and load no form library
// (decision 0073). A form that watches its fields or repeats a group of them uses `useForm` (lib/forms.ts).

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface SmallFormOptions<T extends FieldValues, R> {
  /** Checks the values when the form is sent (a lazy schema resolver); none: every value is accepted. */
  resolver?: Resolver<T, unknown, R>;
  defaultValues?: Partial<T>;
}

export interface SmallForm<T extends FieldValues, R> {
  register: (name: keyof T & string) => FieldRegistration;
  /** The form's submit handler: checks the values, then calls `onValid` with what the schema gave. */
  handleSubmit: (onValid: (values: R) => unknown) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** The values as the fields hold them now (the starting values for a field not drawn). */
  getValues: () => T;
  formState: { errors: FieldErrors<T>; isSubmitted: boolean };
}

/** A field's value as react-hook-form reads it: a radio group's ticked value (null if none), a box's tick. */
function valueOf(elements: FieldElement[]): unknown {
  const first = elements[0];
  if (first instanceof HTMLInputElement && first.type === 'radio') {
    return (elements as HTMLInputElement[]).find((element) => element.checked)?.value ?? null;
  }
  if (first instanceof HTMLInputElement && first.type === 'checkbox') {
    const boxes = elements as HTMLInputElement[];
    if (boxes.length === 1) return boxes[0]?.checked ?? false;
    return boxes.filter((box) => box.checked).map((box) => box.value);
  }
  return first?.value;
}

/** See the module's comment: the part of react-hook-form's `useForm` a small form uses. */
export function useSmallForm<T extends FieldValues, R = T>({
  resolver,
  defaultValues,
}: SmallFormOptions<T, R> = {}): SmallForm<T, R> {
  const fields = useRef(new Map<string, Set<FieldElement>>());
  const starting = useRef<Partial<T>>(defaultValues ?? {});
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const submitted = useRef(false);

  const methods = useMemo(() => {
    const getValues = (): T => {
      const values: Record<string, unknown> = { ...starting.current };
      for (const [name, elements] of fields.current) {
        const connected = [...elements].filter((element) => element.isConnected);
        if (connected.length > 0) values[name] = valueOf(connected);
      }
      return values as T;
    };
    const check = async (): Promise<{ values: R; errors: FieldErrors<T> }> => {
      const values = getValues();
      if (!resolver) return { values: values as unknown as R, errors: {} };
      const result = await resolver(values, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
        criteriaMode: 'firstError',
      });
      return { values: result.values as R, errors: result.errors };
    };
    // As react-hook-form's default (re-validate on change once sent): a field's message follows what it now holds.
    const recheck = async (name: string) => {
      if (!submitted.current) return;
      try {
        const found = await check();
        setErrors((current) => {
          const next = { ...current } as Record<string, unknown>;
          const error = (found.errors as Record<string, unknown>)[name];
          if (error) next[name] = error;
          else delete next[name];
          return next as FieldErrors<T>;
        });
      } catch (error) {
        if (!(error instanceof ValidationUnavailable)) throw error;
      }
    };
    const register = (name: keyof T & string): FieldRegistration => ({
      name,
      initial: starting.current[name],
      ref: (element: FieldElement | null) => {
        if (!element) return;
        const elements = fields.current.get(name) ?? new Set<FieldElement>();
        elements.add(element);
        fields.current.set(name, elements);
      },
      onChange: () => recheck(name),
      onBlur: () => Promise.resolve(),
    });
    const handleSubmit =
      (onValid: (values: R) => unknown) =>
      async (event?: BaseSyntheticEvent): Promise<void> => {
        // Read while the event is dispatched: React clears currentTarget afterwards.
        const element = formElementOf(event);
        event?.preventDefault();
        submitted.current = true;
        setSubmitted(true);
        let found: { values: R; errors: FieldErrors<T> };
        try {
          found = await check();
        } catch (error) {
          // The check could not be fetched: the form goes to the server as without JavaScript.
          if (!(error instanceof ValidationUnavailable) || !element) throw error;
          HTMLFormElement.prototype.submit.call(element);
          return;
        }
        setErrors(found.errors);
        if (Object.keys(found.errors).length === 0) await onValid(found.values);
      };
    return { getValues, register, handleSubmit };
  }, [resolver]);

  return { ...methods, formState: { errors, isSubmitted } };
}
