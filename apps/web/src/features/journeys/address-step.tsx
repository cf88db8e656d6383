import {
  applyStep,
  nextPath,
  type AddressAnswer,
  type JourneyStep,
  type OrganisationDraft,
} from '@dis/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { AddressLookup, UNITED_KINGDOM } from './address-lookup';
import { useSaveDraft } from './draft';
import { FormStep } from './form-step';
import {
  journeyContext,
  journeyUrl,
  serverErrors,
  StepLayout,
  withToken,
  type StepPageProps,
} from './shared';

const POSTCODE_PATH = 'applicant-address/postcode';
const MANUAL_PATH = 'applicant-address/manual';

/**
 * The applicant's address: postcode lookup (the step's main path) or manual entry, each with a link to
 * the other. Either way the answer is the step's address, validated by the step's own schema.
 */
export function AddressStep(props: StepPageProps & { step: JourneyStep<OrganisationDraft> }) {
  const { journey, draft, edit, step, stepPath } = props;
  const { t } = useTranslation();
  if (stepPath === MANUAL_PATH) {
    const stored = step.read(draft.answers) as AddressAnswer | undefined;
    return (
      <FormStep
        {...props}
        initialValues={stored ? undefined : { country: UNITED_KINGDOM }}
        after={
          <p className="govuk-body">
            <Link className="govuk-link" to={journeyUrl(journey, POSTCODE_PATH, draft.token, edit)}>
              {t('address.usePostcode')}
            </Link>
          </p>
        }
      />
    );
  }
  return <PostcodeAddressStep {...props} />;
}

function PostcodeAddressStep({
  journey,
  draft,
  edit,
  step,
}: StepPageProps & { step: JourneyStep<OrganisationDraft> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const title = t(step.titleKey);
  usePageTitle(title);
  const save = useSaveDraft(draft);
  const stored = step.read(draft.answers) as AddressAnswer | undefined;

  const onSelect = (address: AddressAnswer) => {
    const ctx = journeyContext();
    const result = applyStep(journey, step.id, draft.answers, address, ctx);
    if (!result.success) {
      // A looked-up address the rules refuse (an unusual character): let the user correct it by hand.
      void navigate(journeyUrl(journey, MANUAL_PATH, draft.token, edit));
      return;
    }
    save.mutate(result.answers, {
      onSuccess: (saved) =>
        void navigate(withToken(nextPath(journey, step.id, saved.answers, ctx, { edit }), draft.token)),
    });
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
        onSelect={onSelect}
      />
    </StepLayout>
  );
}
