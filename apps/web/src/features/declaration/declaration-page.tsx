import { countersignatoryDeclarationFormSchema } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '../../lib/query';
import { useForm } from '../../lib/forms';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate } from '../../lib/router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { TickBox } from '../../components/tick-box';
import { BulletList } from '../../components/content';
import { ErrorSummary, errorFor } from '../../components/error-summary';
import { usePageTitle } from '../../components/page-title';
import { PostForm } from '../../components/post-form';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../i18n';
import { declarationQuery } from '../../lib/declaration';
import { usePostedOnce } from '../../lib/posted-once';
import { safeReturnPath, signDeclaration } from './declaration';
import { Column } from '../../components/column';

type DeclarationForm = z.input<typeof countersignatoryDeclarationFormSchema>;

/** Where the person was going: the router's state (set by the guard), else the `from` of the address. */
function returnPath(state: unknown, search: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  return safeReturnPath(typeof from === 'string' ? from : new URLSearchParams(search).get('from'));
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
    mutationFn: signDeclaration,
    onSuccess: async (result) => {
      client.setQueryData(declarationQuery.queryKey, { signedOn: result.signedOn, signedToday: true });
      await navigate(returnPath(location.state, location.search), { replace: true });
    },
  });
  // Refused without JavaScript: the server's answer until the person submits again here.
  const { posted, hide } = usePostedOnce();
  const postedError = posted?.errors.agreed;

  const fieldError = form.formState.errors.agreed?.message;
  // A server refusal carries the same key the form would have produced.
  const serverError =
    save.error instanceof ApiError && save.error.fieldErrors?.agreed
      ? save.error.fieldErrors.agreed
      : save.isError
        ? 'declaration.error'
        : undefined;
  const errorText = useErrorText();
  const message = errorText(fieldError ?? serverError ?? postedError);

  return (
    <Column>
      <ErrorSummary errors={errorFor('agreed', message)} />
      <h1 className="govuk-heading-l">{t('declaration.title')}</h1>
      <p className="govuk-body">{t('declaration.intro')}</p>
      <BulletList items={t('declaration.points', { returnObjects: true }) as string[]} />
      <p className="govuk-body">{t('declaration.daily')}</p>
      <PostForm
        onSubmit={(event) => {
          hide();
          void form.handleSubmit(() => save.mutate())(event);
        }}
      >
        <TickBox
          legend={t('declaration.title')}
          label={t('declaration.label')}
          error={message}
          register={form.register('agreed')}
        />
        <Button disabled={save.isPending}>{t('declaration.submit')}</Button>
      </PostForm>
    </Column>
  );
}
