import { useMemo } from 'react';
import {
  useForm as useHookForm,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { formElementOf } from './form-fields';
import { ValidationUnavailable, withMessages } from './lazy-resolver';

/**
 * react-hook-form's `useForm`, whose resolver first fetches the form error messages (`withMessages`), whose
 * `register` also gives each field's starting value (see FieldRegistration in form-fields.ts), and whose
 * `handleSubmit` posts the form natively, as without JavaScript, when its validation could not be fetched (a lazy
 * resolver's ValidationUnavailable, decision 0071): the server answers with the error summary.
 */
export function useForm<
  T extends FieldValues = FieldValues,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-hook-form's own default
  C = any,
  R = T,
>(props?: UseFormProps<T, C, R>): UseFormReturn<T, C, R> {
  // The form error messages are fetched with the first check (decision 0078).
  const given = props?.resolver;
  const resolver = useMemo(() => given && withMessages(given), [given]);
  const form = useHookForm<T, C, R>(resolver ? { ...props, resolver } : props);
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
