import type { AddressAnswer, JourneyStep } from '@dis/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../lib/router';
import { LinkParagraph } from '../../components/content';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { entryPaths } from './address-entry';
import { AddressLookup, UNITED_KINGDOM } from '../../components/address-lookup';
import { useStepSubmit } from './step-submit';
import { loadStepSchemas } from '../../lib/step-schemas';
import { FormStep } from './form-step';
import { journeyUrl, serverErrors, StepLayout, useJourneyText, type StepPageProps } from './shared';

type AddressStepProps = StepPageProps & { step: JourneyStep<object> };

/**
 * An address: postcode lookup (the step's main path) or manual entry, each with a link to the other.
 * Either way the answer is the step's address, validated by the step's own schema. Serves the
 * organisation's applicant address, the applicant's current address and each address of the history.
 */
export function AddressStep(props: AddressStepProps) {
  const { journey, draft, edit, step, stepPath } = props;
  const { t } = useTranslation();
  const { postcode: POSTCODE_PATH, manual: MANUAL_PATH } = entryPaths(step);
  if (stepPath === MANUAL_PATH) {
    const stored = step.read(draft.answers) as AddressAnswer | undefined;
    return (
      <FormStep
        {...props}
        initialValues={stored ? undefined : { country: UNITED_KINGDOM }}
        addressEntry="manual"
        after={
          <LinkParagraph to={journeyUrl(journey, POSTCODE_PATH, draft.token, edit)}>
            {t('address.usePostcode')}
          </LinkParagraph>
        }
      />
    );
  }
  return <PostcodeAddressStep {...props} />;
}

function PostcodeAddressStep({ journey, draft, edit, step, stepPath }: AddressStepProps) {
  const text = useJourneyText(journey);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const title = text(step.titleKey);
  usePageTitle(title);
  const { submit, save } = useStepSubmit({ journey, draft, edit, step, stepPath }, 'postcode');
  const stored = step.read(draft.answers) as AddressAnswer | undefined;
  const { manual: MANUAL_PATH } = entryPaths(step);
  const askResidentFrom = step.fields.some((field) => field.name === 'residentFrom');
  const [problem, setProblem] = useState<string>();

  const onSelect = async (address: AddressAnswer) => {
    setProblem(undefined);
    // The chosen address is checked by the step's schema, fetched with the first check (decision 0077).
    await loadStepSchemas();
    const sent = submit(address);
    if (sent.outcome === 'invalid') {
      const fromIssue = sent.error.issues.find((issue) => issue.path[0] === 'residentFrom');
      if (fromIssue) {
        setProblem(fromIssue.message);
        return;
      }
      // A looked-up address the rules refuse (an unusual character): let the user correct it by hand.
      void navigate(journeyUrl(journey, MANUAL_PATH, draft.token, edit));
      return;
    }
    if (sent.outcome === 'refused') setProblem(sent.problem.key);
  };
  const server = serverErrors(save.error, []);
  const saveErrors = [...Object.values(server.byField), ...(server.general ? [server.general] : [])].map(
    (key) => ({ href: '#addressId', text: errorText(key) ?? key }),
  );

  return (
    <StepLayout journey={journey} draft={draft} stepId={step.id} edit={edit} errors={[]}>
      <AddressLookup
        title={title}
        initialPostcode={stored?.postcode}
        manualHref={journeyUrl(journey, MANUAL_PATH, draft.token, edit)}
        saving={save.isPending}
        saveErrors={saveErrors}
        askResidentFrom={askResidentFrom}
        initialResidentFrom={stored?.residentFrom}
        residentFromError={errorText(problem)}
        onSelect={onSelect}
      />
    </StepLayout>
  );
}
