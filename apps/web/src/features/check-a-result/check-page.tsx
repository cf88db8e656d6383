import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../lib/router';
import { Button } from '../../components/button';
import { DateInput, dateRegistrations } from '../../components/date-input';
import { ErrorSummary, errorFor, type SummaryError } from '../../components/error-summary';
import { FormToken } from '../../components/form-token';
import { Input } from '../../components/input';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { useForm } from '../../lib/forms';
import { usePostedForm, useResponseStatus } from '../../lib/server-render';
import { answerFrom, CheckOutcome, OUTCOME_VIEW } from './outcome';

// /check-a-result (issue 32, decision 0051): anyone, without signing in, checks a copy of a result with the check
// code printed on it and the date of birth of the person it is about. A page sent without script: the form posts
// to the server (checkAResultAction), which answers with the same page showing what the check found. Not to be
// indexed, and the code in its address never leaves in a Referer.

interface CheckForm {
  checkCode: string;
  dateOfBirth: { day: string; month: string; year: string };
}

const text = (value: string | string[] | undefined) =>
  Array.isArray(value) ? (value[0] ?? '') : (value ?? '');

export function CheckAResultPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const posted = usePostedForm();
  const answer = posted?.view === OUTCOME_VIEW ? answerFrom(text(posted.values.outcome)) : undefined;
  const title = answer ? t(`checkAResult.titles.${answer.outcome}`) : t('checkAResult.title');
  const errors = posted && !answer ? posted.errors : {};
  const codeError = errorText(errors.checkCode);
  const dobError = errorText(errors.dateOfBirth);
  const general = posted && !answer && posted.general ? t(posted.general) : undefined;
  usePageTitle(codeError || dobError || general ? `${t('common.errorPrefix')} ${title}` : title);
  const form = useForm<CheckForm>({
    defaultValues: {
      checkCode: posted && !answer ? text(posted.values.checkCode) : (search.get('code') ?? ''),
      dateOfBirth: {
        day: posted && !answer ? text(posted.values['dateOfBirth.day']) : '',
        month: posted && !answer ? text(posted.values['dateOfBirth.month']) : '',
        year: posted && !answer ? text(posted.values['dateOfBirth.year']) : '',
      },
    },
  });
  // An answer is not a refusal: 200, not the 400 of a form with problems.
  useResponseStatus(answer ? 200 : undefined);
  const summary: SummaryError[] = [
    ...errorFor('checkCode', general),
    ...errorFor('checkCode', codeError),
    ...errorFor('dateOfBirth', dobError),
  ];
  return (
    <div className="govuk-grid-row">
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="same-origin" />
      <div className="govuk-grid-column-two-thirds">
        {answer ? (
          <CheckOutcome answer={answer} />
        ) : (
          <>
            <ErrorSummary errors={summary} />
            <h1 className="govuk-heading-l">{t('checkAResult.title')}</h1>
            {(t('checkAResult.intro', { returnObjects: true }) as string[]).map((line) => (
              <p className="govuk-body" key={line}>
                {line}
              </p>
            ))}
            <form method="post" noValidate>
              <FormToken />
              <Input
                id="checkCode"
                label={t('checkAResult.checkCode')}
                hint={t('checkAResult.checkCodeHint')}
                error={codeError}
                register={form.register('checkCode')}
                width="10"
                autoComplete="off"
                spellCheck={false}
              />
              <DateInput
                id="dateOfBirth"
                legend={t('checkAResult.dateOfBirth')}
                hint={t('checkAResult.dateOfBirthHint')}
                error={dobError}
                register={dateRegistrations(form.register, 'dateOfBirth')}
              />
              <Button>{t('checkAResult.submit')}</Button>
            </form>
            <h2 className="govuk-heading-m">{t('checkAResult.aboutHeading')}</h2>
            {(t('checkAResult.about', { returnObjects: true }) as string[]).map((line) => (
              <p className="govuk-body" key={line}>
                {line}
              </p>
            ))}
          </>
        )}
      </div>
    </div>
  );
}
