import { countersignatoryDeclarationFormSchema } from '@dis/domain';
import { ApiError } from '../../lib/api-client';
import { formValues, type PageAction } from '../../lib/page-action';
import { issueKeys } from '../../lib/form-issues';
import { safeReturnPath, signDeclaration } from './declaration';

// /declaration posted without JavaScript (decision 0038): the same schema and call as the page's own form, then
// back to the page the person was going to (`?from=`, a path of this service only).

export const declarationAction: PageAction = async ({ form, url }) => {
  const values = formValues(form);
  const parsed = countersignatoryDeclarationFormSchema.safeParse(values);
  if (!parsed.success) return { posted: { values, errors: issueKeys(parsed.error.issues) } };
  try {
    await signDeclaration();
  } catch (error) {
    const key =
      error instanceof ApiError && error.fieldErrors?.agreed ? error.fieldErrors.agreed : 'declaration.error';
    return { posted: { values, errors: { agreed: key } } };
  }
  return { redirect: safeReturnPath(url.searchParams.get('from')) };
};
