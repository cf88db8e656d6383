import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { intendToAppealFormSchema } from '@dis/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentProps } from 'react';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { Input } from '../components/input';
import { Radios } from '../components/radios';
import { Select } from '../components/select';
import { lazyResolver, lazySchemaResolver } from './lazy-resolver';
import { useFieldList, useSmallForm } from './small-form';

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

  it('makes nested values of dotted names, as react-hook-form does', async () => {
    const onValid = vi.fn();
    function DateForm() {
      const form = useSmallForm<Record<string, unknown>>({
        defaultValues: { dateOfBirth: { day: '1', month: '', year: '' } },
      });
      return (
        <form aria-label="form" noValidate onSubmit={form.handleSubmit(onValid)}>
          {(['day', 'month', 'year'] as const).map((part) => (
            <Input key={part} id={part} label={part} register={form.register(`dateOfBirth.${part}`)} />
          ))}
          <button>Continue</button>
        </form>
      );
    }
    render(<DateForm />);
    expect(screen.getByLabelText('day')).toHaveProperty('value', '1');
    fireEvent.change(screen.getByLabelText('month'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('year'), { target: { value: '1990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ dateOfBirth: { day: '1', month: '2', year: '1990' } }),
    );
  });

  /** A title whose "Other" reveals a box, as a journey page's reveals do. */
  function TitleForm({ onValid }: { onValid: (values: unknown) => void }) {
    const form = useSmallForm<Record<string, unknown>>({ defaultValues: { title: 'Mr', otherTitle: '' } });
    const { title } = form.watch();
    return (
      <form aria-label="form" noValidate onSubmit={form.handleSubmit(onValid)}>
        <Select
          id="title"
          label="Title"
          register={form.register('title')}
          items={['Mr', 'Ms', 'Other'].map((value) => ({ value, text: value }))}
        />
        {title === 'Other' && (
          <Input id="otherTitle" label="Other title" register={form.register('otherTitle')} />
        )}
        <button>Continue</button>
      </form>
    );
  }

  it('draws the form again when a watched field changes, and keeps what a hidden field last held', async () => {
    const onValid = vi.fn();
    render(<TitleForm onValid={onValid} />);
    expect(screen.queryByLabelText('Other title')).toBeNull();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Other' } });
    fireEvent.change(await screen.findByLabelText('Other title'), { target: { value: 'Dr' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Ms' } });
    await waitFor(() => expect(screen.queryByLabelText('Other title')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // react-hook-form keeps an unmounted field's value too (shouldUnregister: false); the schema ignores it.
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ title: 'Ms', otherTitle: 'Dr' }));
  });

  it('repeats a group with useFieldList: Add appends an entry, Remove moves the later ones up with their values', async () => {
    const onValid = vi.fn();
    const listSchema = z.object({
      names: z.array(z.object({ surname: z.string().min(1, 'surname.required') })).max(3, 'names.tooMany'),
    });
    // The resolver is made afresh each time the form is drawn (as a page that does not keep it would): the list is
    // still checked once per change, not again each time a check draws the form.
    const checks = vi.fn(async () => listSchema);
    function NamesForm() {
      const form = useSmallForm<{ names: { surname: string }[] }>({
        resolver: lazySchemaResolver(checks),
        defaultValues: { names: [{ surname: 'Ash' }, { surname: 'Birch' }] },
      });
      const names = useFieldList<{ surname: string }>(form.control, 'names');
      const errors = form.formState.errors.names;
      return (
        <form aria-label="form" noValidate onSubmit={form.handleSubmit(onValid)}>
          {errors?.message && <p>{errors.message}</p>}
          {names.fields.map((field, index) => (
            <div key={field.id}>
              <Input
                id={`names-${index}`}
                label={`Surname ${index + 1}`}
                error={errors?.[index]?.surname?.message}
                register={form.register(`names.${index}.surname`)}
              />
              <button type="button" onClick={() => names.remove(index)}>
                Remove {index + 1}
              </button>
            </div>
          ))}
          <button type="button" onClick={() => names.append({ surname: '' })}>
            Add
          </button>
          <button>Continue</button>
        </form>
      );
    }
    render(<NamesForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(await screen.findByLabelText('Surname 3'), { target: { value: 'Cedar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('names.tooMany');
    // Once sent, the list is checked again when an entry goes: now the empty one is wrong, not the list.
    fireEvent.click(screen.getByRole('button', { name: 'Remove 1' }));
    await screen.findByText('surname.required');
    const checked = checks.mock.calls.length;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(checks.mock.calls.length).toBe(checked);
    expect(screen.queryByText('names.tooMany')).toBeNull();
    expect(screen.queryByLabelText('Surname 4')).toBeNull();
    expect(screen.getByLabelText('Surname 1')).toHaveProperty('value', 'Birch');
    expect(screen.getByLabelText('Surname 2')).toHaveProperty('value', 'Cedar');
    expect(screen.getByLabelText('Surname 3')).toHaveProperty('value', '');
    fireEvent.change(screen.getByLabelText('Surname 3'), { target: { value: 'Dale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({
        names: [{ surname: 'Birch' }, { surname: 'Cedar' }, { surname: 'Dale' }],
      }),
    );
  });

  it('reset puts new values into the fields and clears the errors', async () => {
    function ResetForm() {
      const form = useSmallForm<NameForm>({
        resolver: lazySchemaResolver<NameForm>(async () => nameSchema),
        defaultValues: { name: 'Annabel' },
      });
      return (
        <form aria-label="form" noValidate onSubmit={form.handleSubmit(vi.fn())}>
          <Input
            id="name"
            label="Name"
            error={form.formState.errors.name?.message}
            register={form.register('name')}
          />
          <button>Continue</button>
          <button type="button" onClick={() => form.reset({ name: 'Jo' })}>
            Start again
          </button>
        </form>
      );
    }
    render(<ResetForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('name.tooLong');
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Jo');
    expect(screen.queryByText('name.tooLong')).toBeNull();
  });
});
