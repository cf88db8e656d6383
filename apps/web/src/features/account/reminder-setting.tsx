import type { reminderSettingContract, ResponseOf } from '@dis/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { NotificationBanner } from '../../components/notification-banner';
import { Radios } from '../../components/radios';
import { api } from '../../lib/api-client';

type ReminderSetting = ResponseOf<typeof reminderSettingContract>;
const PATH = '/api/personal-details/me/reminders';

/**
 * Whether the person gets reminders before their deadlines (the server keeps the setting; emails that are not
 * reminders, such as a result being ready, are always sent).
 */
export function ReminderSettingForm() {
  const setting = useQuery({ queryKey: ['reminder-setting'], queryFn: () => api.get<ReminderSetting>(PATH) });
  // The form starts from the server's setting, so the page rendered on the server already shows it.
  return setting.data ? <ReminderForm remindersOn={setting.data.remindersOn} /> : null;
}

function ReminderForm({ remindersOn }: ReminderSetting) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<{ reminders: 'on' | 'off' }>({
    defaultValues: { reminders: remindersOn ? 'on' : 'off' },
  });
  const save = useMutation({
    mutationFn: (on: boolean) => api.put<ReminderSetting>(PATH, { remindersOn: on }),
    onSuccess: (saved) => client.setQueryData(['reminder-setting'], saved),
  });
  return (
    <section aria-labelledby="reminders-heading">
      <h2 className="govuk-heading-m" id="reminders-heading">
        {t('personalDetails.reminders.heading')}
      </h2>
      {save.isSuccess && (
        <NotificationBanner
          type="success"
          heading={t(
            save.data.remindersOn
              ? 'personalDetails.reminders.savedOn'
              : 'personalDetails.reminders.savedOff',
          )}
        />
      )}
      {save.isError && <NotificationBanner type="error" heading={t('personalDetails.reminders.error')} />}
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values.reminders === 'on'))}>
        <Radios
          idPrefix="reminders"
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
