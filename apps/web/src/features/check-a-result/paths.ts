/** "Who can see my result" after a check code was withdrawn: the address names the copy (works without script). */
export const whoCanSeeWithdrawnPath = (resultId: string, copyId: string) =>
  `/who-can-see-my-result?resultId=${encodeURIComponent(resultId)}&withdrawnCode=${encodeURIComponent(copyId)}`;
