/** The realtime channel of a campaign's totals, `campaign:{publicId}` (its public id is already public). */
export function campaignChannel(publicId: string): string {
  return `campaign:${publicId}`;
}
