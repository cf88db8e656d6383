import {
  reminderSettingContract,
  updateReminderSettingContract,
  type ResponseOf,
} from '@dis/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../lib/router';
import { Button } from '../../components/button';
import { FormToken } from '../../components/form-token';
import { NotificationBanner } from '../../components/notification-banner';
import { Radios } from '../../components/radios';
import { callEndpoint } from '../../lib/endpoint-client';
import { useForm } from '../../lib/forms';
import type { PageAction } from '../../lib/page-action';

type ReminderSetting = ResponseOf<typeof reminderSettingContract>;
const saveSetting = (remindersOn: boolean) =>
  callEndpoint(updateReminderSettingContract, { body: { remindersOn } });
/** After the setting is saved without JavaScript, the page says so (`?reminders=on|off`). */
const SAVED_PARAM = 'reminders';

/** The setting posted without JavaScript: saved through the same call, then the page says it is saved. */
export const reminderSettingAction: PageAction = async ({ form }) => {
  const choice = form.get('reminders');
  if (choice !== 'on' && choice !== 'off') return { redirect: '/personal-details' };
  try {
    const saved = await saveSetting(choice === 'on');
    return { redirect: `/personal-details?${SAVED_PARAM}=${saved.remindersOn ? 'on' : 'off'}` };
  } catch {
    return { redirect: `/personal-details?${SAVED_PARAM}=error` };
  }
};

/**
 * Whether the person gets reminders before their deadlines (the server keeps the setting; emails that are not
 * reminders, such as a result being ready, are always sent).
 */
export function ReminderSettingForm() {
  const setting = useQuery({
    queryKey: ['reminder-setting'],
    queryFn: () => callEndpoint(reminderSettingContract),
  });
  // The form starts from the server's setting, so the page rendered on the server already shows it.
  return setting.data ? <ReminderForm remindersOn={setting.data.remindersOn} /> : null;
}

function ReminderForm({ remindersOn }: ReminderSetting) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const savedWithoutScript = params.get(SAVED_PARAM);
  const form = useForm<{ reminders: 'on' | 'off' }>({
    defaultValues: { reminders: remindersOn ? 'on' : 'off' },
  });
  const save = useMutation({
    mutationFn: saveSetting,
    onSuccess: (saved) => client.setQueryData(['reminder-setting'], saved),
  });
  return (
    <section aria-labelledby="reminders-heading">
      <h2 className="govuk-heading-m" id="reminders-heading">
        {t('personalDetails.reminders.heading')}
      </h2>
      {(save.isSuccess || (save.isIdle && (savedWithoutScript === 'on' || savedWithoutScript === 'off'))) && (
        <NotificationBanner
          type="success"
          heading={t(
            (save.data?.remindersOn ?? savedWithoutScript === 'on')
              ? 'personalDetails.reminders.savedOn'
              : 'personalDetails.reminders.savedOff',
          )}
        />
      )}
      {(save.isError || (save.isIdle && savedWithoutScript === 'error')) && (
        <NotificationBanner type="error" heading={t('personalDetails.reminders.error')} />
      )}
      <form
        noValidate
        method="post"
        onSubmit={form.handleSubmit((values) => save.mutate(values.reminders === 'on'))}
      >
        <FormToken />
        <Radios
          legend={t('personalDetails.reminders.legend')}
          legendSize="s"
          hint={t('personalDetails.reminders.hint')}
          items={[
            { value: 'on', label: t('personalDetails.reminders.on') },
            { value: 'off', label: t('personalDetails.reminders.off') },
          ]}
          register={form.register('reminders')}
        />
        <Button disabled={save.isPending}>{t('personalDetails.reminders.save')}</Button>
      </form>
    </section>
  );
}
