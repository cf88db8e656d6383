import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { intendToAppealFormSchema, manualAddressFormSchema } from '@dis/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { useForm } from './forms';
import { lazyResolver, lazySchemaResolver, ValidationUnavailable } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

describe('the lazy resolver (decision 0071)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fetches its schema on first use only, and gives the parsed values of a valid form', async () => {
    const load = vi.fn(async () => intendToAppealFormSchema);
    const resolver = lazySchemaResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ intendsToAppeal: 'yes' }, undefined, options)).toEqual({
      values: { intendsToAppeal: true },
      errors: {},
    });
    await resolver({ intendsToAppeal: 'no' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives the same errors, in the same order, as zodResolver', async () => {
    const schema = manualAddressFormSchema as unknown as z.ZodType<FieldValues, FieldValues>;
    const lazy = lazySchemaResolver(async () => schema);
    for (const values of [
      {},
      { line1: '1 High Street', postcode: 'nope' },
      { line1: 'x'.repeat(200), townOrCity: '' },
    ]) {
      const expected = await zodResolver(schema)(values, undefined, options);
      const answer = await lazy(values, undefined, options);
      expect(answer).toEqual(expected);
      expect(Object.keys(answer.errors)).toEqual(Object.keys(expected.errors));
    }
    expect(Object.keys((await lazy({}, undefined, options)).errors).length).toBeGreaterThan(1);
  });

  it('says when its validation cannot be fetched, and tries again on the next use', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(zodResolver(z.object({ name: z.string() })));
    const resolver = lazyResolver(load);
    await expect(resolver({ name: 'Ann' }, undefined, options)).rejects.toBeInstanceOf(ValidationUnavailable);
    expect(await resolver({ name: 'Ann' }, undefined, options)).toEqual({
      values: { name: 'Ann' },
      errors: {},
    });
  });

  it('leaves the form to post natively when its validation cannot be fetched', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const onValid = vi.fn();
    function Form() {
      const form = useForm<{ name: string }>({
        resolver: lazyResolver<{ name: string }>(() => Promise.reject(new TypeError('offline'))),
        defaultValues: { name: 'Ann' },
      });
      return (
        <form method="post" aria-label="form" onSubmit={form.handleSubmit(onValid)}>
          <input {...form.register('name')} />
          <button>Continue</button>
        </form>
      );
    }
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.contexts[0]).toBe(screen.getByRole('form'));
    expect(onValid).not.toHaveBeenCalled();
  });
});
