import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { intendToAppealFormSchema } from '@dis/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentProps } from 'react';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { Input } from '../components/input';
import { Radios } from '../components/radios';
import { lazyResolver, lazySchemaResolver } from './lazy-resolver';
import { useSmallForm } from './small-form';

const nameSchema = z.object({
  name: z.string().trim().min(1, 'name.required').max(5, 'name.tooLong'),
  intendsToAppeal: z.enum(['yes', 'no'], { message: 'intendsToAppeal.required' }),
});
type NameForm = { name: string; intendsToAppeal: string | null };

/** The yes/no question both test forms ask. */
function AppealQuestion({ register, error }: Pick<ComponentProps<typeof Radios>, 'register' | 'error'>) {
  return (
    <Radios
      idPrefix="intendsToAppeal"
      legend="Appeal?"
      error={error}
      register={register}
      items={[
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ]}
    />
  );
}

function Form({
  onValid,
  resolver = lazySchemaResolver<NameForm>(async () => nameSchema),
  defaults = { name: 'Ann' },
}: {
  onValid: (values: unknown) => void;
  resolver?: ReturnType<typeof lazySchemaResolver<NameForm>>;
  defaults?: Partial<NameForm>;
}) {
  const form = useSmallForm<NameForm>({ resolver, defaultValues: defaults });
  const { errors } = form.formState;
  return (
    <form method="post" aria-label="form" noValidate onSubmit={form.handleSubmit(onValid)}>
      <p data-testid="submitted">{String(form.formState.isSubmitted)}</p>
      <Input id="name" label="Name" error={errors.name?.message} register={form.register('name')} />
      <AppealQuestion register={form.register('intendsToAppeal')} error={errors.intendsToAppeal?.message} />
      <button>Continue</button>
    </form>
  );
}

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

describe('useSmallForm (decision 0073)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('draws each field with its starting value and checks nothing before it is sent', () => {
    render(<Form onValid={vi.fn()} />);
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Ann');
    expect(screen.getByTestId('submitted').textContent).toBe('false');
    expect(screen.queryByText('intendsToAppeal.required')).toBeNull();
  });

  it('gives the errors zodResolver gives, and does not call onValid', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} defaults={{ name: 'Annabel' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('name.tooLong');
    const expected = await zodResolver(nameSchema as unknown as z.ZodType<FieldValues, FieldValues>)(
      { name: 'Annabel', intendsToAppeal: null },
      undefined,
      options,
    );
    expect(Object.keys(expected.errors)).toEqual(['name', 'intendsToAppeal']);
    expect(screen.getByText('intendsToAppeal.required')).toBeTruthy();
    expect(screen.getByTestId('submitted').textContent).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('calls onValid with what the schema gave once the fields are right', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Bo ' } });
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Bo', intendsToAppeal: 'no' }));
  });

  it('once sent, checks a field again when it changes (as react-hook-form does)', async () => {
    render(<Form onValid={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('intendsToAppeal.required');
    fireEvent.click(screen.getByLabelText('Yes'));
    await waitFor(() => expect(screen.queryByText('intendsToAppeal.required')).toBeNull());
  });

  it('reads a yes/no question the way its domain schema expects', async () => {
    const onValid = vi.fn();
    function Question() {
      const form = useSmallForm<Record<string, unknown>, { intendsToAppeal: boolean }>({
        resolver: lazySchemaResolver<Record<string, unknown>, unknown, { intendsToAppeal: boolean }>(
          async () => intendToAppealFormSchema,
        ),
      });
      return (
        <form aria-label="form" noValidate onSubmit={form.handleSubmit(onValid)}>
          <AppealQuestion register={form.register('intendsToAppeal')} />
          <button>Continue</button>
        </form>
      );
    }
    render(<Question />);
    fireEvent.click(screen.getByLabelText('Yes'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ intendsToAppeal: true }));
  });

  it('leaves the form to post natively when its check cannot be fetched', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const onValid = vi.fn();
    render(
      <Form
        onValid={onValid}
        resolver={lazyResolver<NameForm>(() => Promise.reject(new TypeError('offline')))}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.contexts[0]).toBe(screen.getByRole('form'));
    expect(onValid).not.toHaveBeenCalled();
  });
});
