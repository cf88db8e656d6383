/** The current instant, read in one place so rules that take "now" get it as an argument. */
export function currentTime(): Date {
  return new Date(Date.now());
}
