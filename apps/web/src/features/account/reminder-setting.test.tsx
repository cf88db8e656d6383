import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ReminderSettingForm } from './reminder-setting';

describe('the reminder setting on the personal details page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the setting the server keeps and saves a change there', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/api/config'))
          return jsonResponse({ serviceName: 'x', localServices: true, features: {} });
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return jsonResponse({ remindersOn: false });
        }
        return jsonResponse({ remindersOn: true });
      }),
    );
    renderWithApp(<ReminderSettingForm />, { path: '/personal-details' });
    const yes = (await screen.findByLabelText('Yes, email me reminders')) as HTMLInputElement;
    await vi.waitFor(() => expect(yes.checked).toBe(true));
    fireEvent.click(screen.getByLabelText('No, do not email me reminders'));
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder setting' }));
    await screen.findByText('We will not email you reminders');
    expect(puts).toEqual([{ remindersOn: false }]);
  });
});
