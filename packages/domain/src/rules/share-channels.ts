// The channels a result is shared through, and what differs between them: one entry per channel. A new channel
// is an entry here (the server's share call for it is an entry in the sharing module's registry) plus its page.

/** The channels a share is made through, as a share is stored and listed. */
export const SHARE_CHANNELS = ['DIGITAL', 'PAPER'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

export interface ShareChannelRules {
  /** Counts towards the maximum number of shares and holds the next share back for the cooldown. */
  countsTowardsLimit: boolean;
  /** Can be asked for once per result (the result remembers it was shared through this channel). */
  oncePerResult: boolean;
  /** The applicant can stop it: the recipient's access ends at once. */
  stoppable: boolean;
  /**
   * How the recipient gets the result: `online` (the organisation in its account, or a named person's emailed
   * link, which expires, can lock and is opened), or `post` (a print request casework prints and posts to the
   * applicant: requested, then sent).
   */
  delivery: 'online' | 'post';
}

export const SHARE_CHANNEL_RULES = {
  DIGITAL: { countsTowardsLimit: true, oncePerResult: false, stoppable: true, delivery: 'online' },
  PAPER: { countsTowardsLimit: false, oncePerResult: true, stoppable: false, delivery: 'post' },
} as const satisfies Record<ShareChannel, ShareChannelRules>;

/** The rules of one channel. */
export function shareChannelRules(channel: ShareChannel): ShareChannelRules {
  return SHARE_CHANNEL_RULES[channel];
}

/** The channels whose shares count towards the maximum and the cooldown. */
export const LIMITED_SHARE_CHANNELS: readonly ShareChannel[] = SHARE_CHANNELS.filter(
  (channel) => SHARE_CHANNEL_RULES[channel].countsTowardsLimit,
);
