import { createBasicLinkAccess } from './basic';
import { createLinkIssuing } from './issuing';
import { createLinkCore, type ShareLinkDeps } from './links';
import { createResultReading } from './reading';
import { createRecipientAccess } from './recipient';

export {
  linkInvalid,
  linkRefusal,
  newSecret,
  recipientBrowserCookieName,
  recipientCookieName,
  SHARE_OPENED_EVENT,
  type BrowserBinding,
  type LinkState,
  type RecipientCaller,
  type RecipientCookies,
  type ShareLinkDeps,
} from './links';

/**
 * Recipients' links of a share, by what each part does: made and emailed with the share (`issuing.ts`), the
 * recipient's session and identity check and the result (`recipient.ts`), and a basic result's link with its
 * text-message codes (`basic.ts`, on the one-time-code life cycle). `links.ts` holds what they share.
 */
export function createShareLinkService(deps: ShareLinkDeps) {
  const core = createLinkCore(deps);
  const recipient = createRecipientAccess(deps, core);
  return {
    ...createLinkIssuing(deps, core),
    ...recipient,
    ...createResultReading(deps, core),
    ...createBasicLinkAccess(deps, core, recipient),
  };
}

export type ShareLinkService = ReturnType<typeof createShareLinkService>;
