// The plain enhancements of a page the browser app does not take over (a route's `script: 'light'`, decision 0074):
// the recipient's pages of a shared result. React draws them on the server only; in the browser this module, and no
// React, adds what script can add, each from data attributes the server's page carries. Without script the page
// works as it is: the server refuses a link once it has ended, and the browser's own print command prints.

/** The answers that say a recipient's link has ended (expired, stopped, its viewing time over, or unknown). */
const LINK_ENDED = new Set([401, 403, 404, 410]);

/** How the page leaves (the browser's own location; a test's stand-in). */
export interface Leave {
  to(path: string): void;
  reload(): void;
}

const BROWSER: Leave = {
  to: (path) => window.location.replace(path),
  reload: () => window.location.reload(),
};

/** `[data-print-button]`: a print button, sent hidden (it needs script), shown and made to open the print dialogue. */
function printButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-print-button]')) {
    button.hidden = false;
    button.addEventListener('click', () => window.print());
  }
}

/**
 * `[data-leave-at][data-leave-to]`: the page leaves for `leave-to` at the instant `leave-at` (a Basic result's
 * viewing time). The server refuses the result after it, with or without this.
 */
function leaveAtTheEnd(root: ParentNode, leave: Leave): void {
  const element = root.querySelector<HTMLElement>('[data-leave-at][data-leave-to]');
  if (!element) return;
  const at = Date.parse(element.dataset.leaveAt ?? '');
  const to = element.dataset.leaveTo ?? '';
  if (Number.isNaN(at) || !to.startsWith('/')) return;
  setTimeout(() => leave.to(to), Math.max(0, at - Date.now()));
}

/**
 * `[data-poll][data-poll-every]`: asks the server for the page's record every `poll-every` milliseconds, and when
 * the tab is shown again; once the answer says the link has ended, the page is asked for again, and the server
 * answers with the page for the link's end. Any other failure (offline, a 5xx) keeps the page as it is.
 */
function leaveWhenEnded(root: ParentNode, leave: Leave): void {
  const element = root.querySelector<HTMLElement>('[data-poll][data-poll-every]');
  if (!element) return;
  const url = element.dataset.poll ?? '';
  const every = Number(element.dataset.pollEvery);
  if (!url.startsWith('/') || !(every > 0)) return;
  const ask = async () => {
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (LINK_ENDED.has(response.status)) leave.reload();
    } catch {
      // Offline or the server unreachable: the next poll asks again.
    }
  };
  setInterval(() => void ask(), every);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void ask();
  });
}

export function enhance(root: ParentNode = document, leave: Leave = BROWSER): void {
  printButtons(root);
  leaveAtTheEnd(root, leave);
  leaveWhenEnded(root, leave);
}
