import { getOrganisationJourney } from '@dis/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp, stubFetch } from '../../test/render';
import { ConfirmationPage } from './confirmation-page';

const TOKEN = 'D1234567';

describe('the organisation confirmation page', () => {
  afterEach(() => vi.unstubAllGlobals());

  // Document 1 section 4: the last step goes to the results summary, whether or not the enhanced
  // organisation dashboard is on (the dashboard redirect would open the applications list when it is).
  it.each([true, false])(
    'links to the results summary (enhanced organisation dashboard %s)',
    async (enhancedDashboardOrganisation) => {
      stubFetch((url) =>
        url.startsWith('/api/config')
          ? jsonResponse({
              serviceName: 'x',
              localServices: true,
              features: { enhancedDashboardOrganisation },
            })
          : jsonResponse({ applicationReference: 'E0000001', applicantName: 'Sam Smith' }),
      );
      const journey = getOrganisationJourney('level-2');
      if (!journey) throw new Error('no level-2 journey');
      renderWithApp(<ConfirmationPage journey={journey} token={TOKEN} />);
      const link = await screen.findByRole('link', { name: 'Go to the results summary' });
      expect(link.getAttribute('href')).toBe('/results-summary');
    },
  );
});
