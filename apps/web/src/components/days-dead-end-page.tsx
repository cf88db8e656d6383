import { useTranslation } from '../i18n/react';
import { DeadEndPage } from './dead-end-page';

/**
 * A dead end told in so many days (an application expired or terminated, a result no longer available): its title
 * and paragraphs read from the given keys, the paragraphs' `{{days}}` filled in. The keys are written out in full
 * where the page is used, so that module brings their text with it (decision 0046).
 */
export function DaysDeadEndPage({
  titleKey,
  paragraphsKey,
  days,
}: {
  titleKey: string;
  paragraphsKey: string;
  days: number;
}) {
  const { t } = useTranslation();
  return (
    <DeadEndPage
      title={t(titleKey)}
      paragraphs={t(paragraphsKey, { returnObjects: true, days }) as string[]}
    />
  );
}
