import { checkAResultFormSchema } from '@dis/domain';
import { checkAResultContract, withdrawCheckCodeContract } from '@dis/domain/contracts';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/endpoint-client';
import { issueKeys } from '../../lib/form-issues';
import { formValues, type ActionResult, type PageAction } from '../../lib/page-action';
import { OUTCOME_VIEW } from './outcome';
import { whoCanSeeWithdrawnPath } from './paths';

// The check page's form and the withdrawal of a check code, posted without JavaScript (decision 0038): the same
// schema and the same calls as the pages' own handlers.

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** /check-a-result: the code and the date of birth; the answer is the same page showing what the check found. */
export const checkAResultAction: PageAction = async ({ form }): Promise<ActionResult> => {
  const parsed = checkAResultFormSchema.safeParse({
    checkCode: form.get('checkCode') ?? '',
    dateOfBirth: {
      day: form.get('dateOfBirth.day') ?? '',
      month: form.get('dateOfBirth.month') ?? '',
      year: form.get('dateOfBirth.year') ?? '',
    },
  });
  if (!parsed.success)
    return { posted: { values: formValues(form), errors: issueKeys(parsed.error.issues) } };
  const { day, month, year } = parsed.data.dateOfBirth as { day: number; month: number; year: number };
  try {
    const answer = await callEndpoint(checkAResultContract, {
      body: {
        checkCode: parsed.data.checkCode,
        dateOfBirth: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`,
      },
    });
    // The answer is shown on the page itself; the date of birth is not sent back.
    return {
      posted: {
        values: { checkCode: parsed.data.checkCode, outcome: JSON.stringify(answer) },
        errors: {},
        view: OUTCOME_VIEW,
      },
    };
  } catch (error) {
    const general =
      error instanceof ApiError && error.status === 429 ? 'checkAResult.tooMany' : 'checkAResult.problem';
    return { posted: { values: formValues(form), errors: {}, general } };
  }
};

/** /who-can-see-my-result/withdraw-check-code: withdraws the copy's code, then back to the list. */
export const withdrawCheckCodeAction: PageAction = async ({ form, url }): Promise<ActionResult> => {
  const resultId = url.searchParams.get('resultId') ?? '';
  const copyId = url.searchParams.get('copyId') ?? '';
  try {
    await callEndpoint(withdrawCheckCodeContract, { params: { id: resultId, copyId }, body: {} });
    return { redirect: whoCanSeeWithdrawnPath(resultId, copyId) };
  } catch {
    return { posted: { values: formValues(form), errors: {}, general: 'resultChecks.withdraw.failed' } };
  }
};
