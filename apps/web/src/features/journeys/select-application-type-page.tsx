import { organisationJourneyForType, startableTypesFor, type ApplicationTypeCode } from '@dis/domain';
import { useMutation, useQueryClient } from '../../lib/query';
import { useNavigate } from '../../lib/router';
import { useFeatureFlags } from '../../lib/config';
import { useUser } from '../../lib/session';
import { journeyApi } from './api';
import { ApplicationTypeForm } from './application-type-form';
import { draftQueryKey, draftStore, type StoredDraft } from './draft';
import { organisationJourneyStart } from './organisation-start';

/** /csg-apply/select-application-type: the types this user may start; choosing one creates the draft. */
export function SelectApplicationTypePage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  const types = startableTypesFor(user?.roles ?? [], flags).filter((code) =>
    organisationJourneyForType(code),
  );
  const create = useMutation({
    mutationFn: (type: ApplicationTypeCode) => journeyApi.createDraft(type),
    onSuccess: (created, type) => {
      const start = organisationJourneyStart(type);
      if (!start) return;
      const draft: StoredDraft = {
        token: created.draftApplicationToken,
        journeyId: start.journey.id,
        applicationReference: created.applicationReference,
        answers: { applicationReference: created.applicationReference, completeSteps: [] },
      };
      draftStore(draft.token).write(draft);
      client.setQueryData(draftQueryKey(draft.token), draft);
      void navigate(start.firstPage(draft.token));
    },
  });

  return (
    <ApplicationTypeForm
      side="organisation"
      types={types}
      creation={create}
      onChoose={(type) => create.mutate(type)}
    />
  );
}
