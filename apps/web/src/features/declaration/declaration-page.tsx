import type { ResponseOf, signDeclarationContract } from '@dis/domain/contracts';
import { countersignatoryDeclarationFormSchema } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { Checkboxes } from '../../components/checkboxes';
import { BulletList } from '../../components/content';
import { ErrorSummary } from '../../components/error-summary';
import { usePageTitle } from '../../components/page-title';
import { api, ApiError } from '../../lib/api-client';
import { useErrorText } from '../../i18n';
import { declarationQuery } from '../../lib/declaration';

type DeclarationForm = z.input<typeof countersignatoryDeclarationFormSchema>;

// Only paths inside this app count as "where the user was going", never another site.
function safeReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/declaration'
    ? from
    : '/dashboard';
}

export function DeclarationPage() {
  const { t } = useTranslation();
  usePageTitle(t('declaration.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<DeclarationForm>({
    resolver: zodResolver(countersignatoryDeclarationFormSchema),
    // The error summary takes focus (GOV.UK pattern), not the first field.
    shouldFocusError: false,
  });
  const save = useMutation({
    mutationFn: () =>
      api.post<ResponseOf<typeof signDeclarationContract>>('/api/declaration', { agreed: true }),
    onSuccess: async (result) => {
      client.setQueryData(declarationQuery.queryKey, { signedOn: result.signedOn, signedToday: true });
      await navigate(safeReturnPath(location.state), { replace: true });
    },
  });

  const fieldError = form.formState.errors.agreed?.message;
  // A server refusal carries the same key the form would have produced.
  const serverError =
    save.error instanceof ApiError && save.error.fieldErrors?.agreed
      ? save.error.fieldErrors.agreed
      : save.isError
        ? 'declaration.error'
        : undefined;
  const errorText = useErrorText();
  const message = errorText(fieldError ?? serverError);

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <ErrorSummary errors={message ? [{ href: '#agreed', text: message }] : []} />
        <h1 className="govuk-heading-l">{t('declaration.title')}</h1>
        <p className="govuk-body">{t('declaration.intro')}</p>
        <BulletList items={t('declaration.points', { returnObjects: true }) as string[]} />
        <p className="govuk-body">{t('declaration.daily')}</p>
        <form noValidate onSubmit={form.handleSubmit(() => save.mutate())}>
          <Checkboxes
            idPrefix="agreed"
            legend={t('declaration.title')}
            legendSize="s"
            error={message}
            register={form.register('agreed')}
            items={[{ value: 'true', label: t('declaration.label') }]}
          />
          <Button disabled={save.isPending}>{t('declaration.submit')}</Button>
        </form>
      </div>
    </div>
  );
}
