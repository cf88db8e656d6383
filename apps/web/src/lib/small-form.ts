import { useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { formElementOf, type FieldRegistration } from './form-fields';
import { ValidationUnavailable, withMessages } from './lazy-resolver';

// A form needs no form library: its fields are the page's own HTML (uncontrolled, drawn with their starting values
// on the server), and it is checked with its domain schema only when it is sent (decision 0071's lazy resolver, or
// the step's own schema). `useSmallForm` gives the part of react-hook-form's `useForm` the service's forms use, with
// the same registrations, so the same components draw it: the fields' values (nested names such as
// `dateOfBirth.day` or `previousNames.2.surname` make nested values, as react-hook-form's do), `watch()` for a page
// whose fields reveal others, `reset`, and `useFieldList` for a group repeated with Add and Remove. Pages measured
// against the first-load budget use it and load no form library (decisions 0073 and the journey step's).

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Values = Record<string, unknown>;

export interface SmallFormOptions<T extends FieldValues, R> {
  /** Checks the values when the form is sent (a lazy schema resolver); none: every value is accepted. */
  resolver?: Resolver<T, unknown, R>;
  defaultValues?: Partial<T>;
}

/** What `useFieldList` needs of its form (not for pages' own use). */
export interface SmallFormControl {
  /** The values held now, the fields' current values read in first; changed in place by a list. */
  current(): Values;
  /**
   * Draws the form again after a list's entries changed in the values held: until it is drawn, the fields on the
   * page are those of before, so they are not read.
   */
  redraw(): void;
  /** Checks `name` again if the form has been sent (react-hook-form re-checks a list whose entries change). */
  recheck(name: string): Promise<void>;
}

export interface SmallForm<T extends FieldValues, R> {
  register: (name: string) => FieldRegistration;
  /** The form's submit handler: checks the values, then calls `onValid` with what the schema gave. */
  handleSubmit: (onValid: (values: R) => unknown) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** The values as the fields hold them now (the last value of a field no longer drawn, else its starting value). */
  getValues: {
    (): T;
    (name: string): unknown;
  };
  /** The values now, and the form is drawn again whenever a field changes (a page whose answers reveal others). */
  watch: () => T;
  /** Starts again from `values` (else the starting values): the fields take them, no error is shown. */
  reset: (values?: Partial<T>) => void;
  formState: { errors: FieldErrors<T>; isSubmitted: boolean };
  control: SmallFormControl;
}

const isIndex = (key: string) => /^\d+$/.test(key);

/** The value at a dotted path (`previousNames.2.surname`). */
export function valueAt(values: unknown, path: string): unknown {
  let node = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Values)[key];
  }
  return node;
}

/** Puts `value` at a dotted path, making the objects (or lists, for a number) on the way. */
function setValueAt(values: Values, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Values = values;
  keys.slice(0, -1).forEach((key, index) => {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = isIndex(keys[index + 1] ?? '') ? [] : {};
    node = node[key] as Values;
  });
  node[keys.at(-1) as string] = value;
}

/** Removes what a dotted path holds. */
function removeAt(values: Values, path: string): void {
  const keys = path.split('.');
  const parent = valueAt(values, keys.slice(0, -1).join('.'));
  const target = keys.length === 1 ? values : parent;
  if (target && typeof target === 'object') delete (target as Values)[keys.at(-1) as string];
}

/** A deep copy of plain values (objects, lists, strings, numbers, booleans). */
function copy<V>(value: V): V {
  if (Array.isArray(value)) return value.map(copy) as V;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)])) as V;
  }
  return value;
}

/**
 * A field's value as react-hook-form reads it: a radio group's ticked value (null if none), a group of boxes' ticked
 * values, a single box's tick (or the list of its value when the field holds a list), a text box's or select's value.
 */
function valueOf(elements: FieldElement[], previous: unknown): unknown {
  const first = elements[0];
  if (first instanceof HTMLInputElement && first.type === 'radio') {
    return (elements as HTMLInputElement[]).find((element) => element.checked)?.value ?? null;
  }
  if (first instanceof HTMLInputElement && first.type === 'checkbox') {
    const boxes = elements as HTMLInputElement[];
    const ticked = boxes.filter((box) => box.checked).map((box) => box.value);
    if (boxes.length === 1 && !Array.isArray(previous)) return boxes[0]?.checked ?? false;
    return ticked;
  }
  return first?.value;
}

/** Puts a value into a field's elements (after a reset). */
function show(elements: FieldElement[], value: unknown): void {
  for (const element of elements) {
    if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')) {
      element.checked =
        value === undefined
          ? element.defaultChecked
          : Array.isArray(value)
            ? value.map(String).includes(element.value)
            : typeof value === 'boolean'
              ? value
              : String(value) === element.value;
    } else if (value === undefined) {
      if (element instanceof HTMLSelectElement) {
        const chosen = [...element.options].find((option) => option.defaultSelected);
        element.value = chosen?.value ?? '';
      } else element.value = element.defaultValue;
    } else element.value = value === null ? '' : String(value);
  }
}

/**
 * The error to show for `name` and where it sits: its own, else the nearest enclosing one (a date's boxes share
 * the date's message), as react-hook-form looks errors up when it checks a field again.
 */
function errorFor(errors: unknown, name: string): { name: string; error?: FieldError } {
  const own = valueAt(errors, name) as FieldError | undefined;
  if (own) return { name, error: own };
  const keys = name.split('.');
  while (keys.length > 0) {
    const path = keys.join('.');
    const found = valueAt(errors, path) as (FieldError & { root?: FieldError }) | undefined;
    if (found?.message !== undefined || found?.type) return { name: path, error: found };
    if (found?.root?.type) return { name: `${path}.root`, error: found.root };
    keys.pop();
  }
  return { name };
}

/** See the module's comment: the part of react-hook-form's `useForm` the service's forms use. */
export function useSmallForm<T extends FieldValues, R = T>({
  resolver,
  defaultValues,
}: SmallFormOptions<T, R> = {}): SmallForm<T, R> {
  const fields = useRef(new Map<string, Set<FieldElement>>());
  const names = useRef(new WeakMap<FieldElement, string>());
  const values = useRef<Values | undefined>(undefined);
  values.current ??= copy((defaultValues ?? {}) as Values);
  const starting = useRef(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const submitted = useRef(false);
  const watching = useRef(false);
  const [, setVersion] = useState(0);
  // The values held are ahead of the page (a list changed) until the form is drawn again.
  const ahead = useRef(false);
  useEffect(() => {
    ahead.current = false;
  });

  const methods = useMemo(() => {
    const held = () => values.current as Values;
    /** Reads the fields drawn now into the values held (a field no longer drawn keeps its last value). */
    const current = (): Values => {
      if (ahead.current) return held();
      for (const [name, elements] of fields.current) {
        const connected = [...elements].filter((element) => element.isConnected);
        if (connected.length > 0) setValueAt(held(), name, valueOf(connected, valueAt(held(), name)));
      }
      return held();
    };
    const getValues = ((name?: string) => {
      const now = copy(current());
      return name === undefined ? now : valueAt(now, name);
    }) as SmallForm<T, R>['getValues'];
    const check = async (): Promise<{ values: R; errors: FieldErrors<T> }> => {
      const now = copy(current()) as T;
      if (!resolver) return { values: now as unknown as R, errors: {} };
      // The form error messages come with the first check (decision 0078).
      const result = await withMessages(resolver)(now, undefined, {
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
        setErrors((shown) => {
          const next = copy(shown) as Values;
          const at = errorFor(shown, name).name;
          const { name: place, error } = errorFor(found.errors, at);
          if (error) setValueAt(next, place, error);
          else removeAt(next, place);
          return next as FieldErrors<T>;
        });
      } catch (error) {
        if (!(error instanceof ValidationUnavailable)) throw error;
      }
    };
    const register = (name: string): FieldRegistration => ({
      name,
      initial: valueAt(held(), name),
      ref: (element: FieldElement | null) => {
        if (!element) return;
        // An entry of a list that moved up (one before it removed) is the same element under a new name.
        const before = names.current.get(element);
        if (before !== undefined && before !== name) fields.current.get(before)?.delete(element);
        names.current.set(element, name);
        const elements = fields.current.get(name) ?? new Set<FieldElement>();
        elements.add(element);
        fields.current.set(name, elements);
      },
      onChange: () => {
        current();
        if (watching.current) setVersion((version) => version + 1);
        return recheck(name);
      },
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
    const watch = (): T => {
      watching.current = true;
      return copy(current()) as T;
    };
    const reset = (next?: Partial<T>) => {
      values.current = copy((next ?? starting.current ?? {}) as Values);
      for (const [name, elements] of fields.current) {
        const connected = [...elements].filter((element) => element.isConnected);
        show(connected, valueAt(values.current, name));
      }
      submitted.current = false;
      setSubmitted(false);
      setErrors({});
      setVersion((version) => version + 1);
    };
    const control: SmallFormControl = {
      current,
      redraw: () => {
        ahead.current = true;
        setVersion((version) => version + 1);
      },
      recheck,
    };
    return { getValues, register, handleSubmit, watch, reset, control };
  }, [resolver]);

  return { ...methods, formState: { errors, isSubmitted } };
}

export interface FieldList<E> {
  /** One entry a group, each with a key that stays with it while entries before it are removed. */
  fields: { id: string }[];
  append: (entry: E) => void;
  remove: (index: number) => void;
}

/**
 * A group of fields repeated with Add and Remove (react-hook-form's `useFieldArray`): the list `name` of the form's
 * values, one entry a group registered as `name.<index>.<part>`. Removing an entry moves the later ones up, their
 * fields keeping what was typed in them.
 */
export function useFieldList<E>(control: SmallFormControl, name: string): FieldList<E> {
  // Once drawn with its new entries, a list changed after the form was sent is checked again (react-hook-form's).
  // Once per change: a form drawn again with a new `control` (a resolver made afresh each render) does not check
  // the list again and again (each check draws the form again).
  const [changed, setChanged] = useState(0);
  const rechecked = useRef(0);
  useEffect(() => {
    if (changed <= rechecked.current) return;
    rechecked.current = changed;
    void control.recheck(name);
  }, [changed, control, name]);
  // Each entry's key, and the number the next one added takes.
  const [{ ids, next }, setIds] = useState(() => {
    const list = valueAt(control.current(), name);
    const count = Array.isArray(list) ? list.length : 0;
    return { ids: Array.from({ length: count }, (_entry, index) => `${name}-${index}`), next: count };
  });
  const change = (edit: (list: unknown[]) => void, edited: { ids: string[]; next: number }) => {
    const values = control.current();
    const list = valueAt(values, name);
    const entries = Array.isArray(list) ? [...list] : [];
    edit(entries);
    setValueAt(values, name, entries);
    setIds(edited);
    setChanged((count) => count + 1);
    control.redraw();
  };
  return {
    fields: ids.map((id) => ({ id })),
    append: (entry) =>
      change((entries) => entries.push(copy(entry)), { ids: [...ids, `${name}-${next}`], next: next + 1 }),
    remove: (index) =>
      change((entries) => entries.splice(index, 1), { ids: ids.filter((_id, at) => at !== index), next }),
  };
}
