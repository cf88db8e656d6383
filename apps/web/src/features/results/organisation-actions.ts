import { organisationResultPath, viewResultConfirmationFormSchema } from '@dis/domain';
import { formValues, type PageAction } from '../../lib/page-action';
import { fetchUser } from '../../lib/session';
import { issueKeys } from '../../lib/form-issues';

// The organisation's result pages posted without JavaScript (decision 0038): the same schema and the same next
// page as the forms in the browser.

/** /view-result-confirmation?resultId=: "yes" opens the organisation's result, "no" goes back to the dashboard. */
export const viewResultConfirmationAction: PageAction = async ({ form, url }) => {
  const values = formValues(form);
  const parsed = viewResultConfirmationFormSchema.safeParse(values);
  if (!parsed.success) return { posted: { values, errors: issueKeys(parsed.error.issues) } };
  if (!parsed.data.viewResult) return { redirect: '/dashboard' };
  const user = await fetchUser();
  const orgCode = user?.countersignatoryDetails?.organisationCode ?? '';
  const resultId = url.searchParams.get('resultId') ?? '';
  // Without either the page itself says not found.
  if (!orgCode || !resultId) return { redirect: url.pathname + url.search };
  return { redirect: organisationResultPath(orgCode, resultId) };
};
