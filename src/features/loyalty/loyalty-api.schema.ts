import * as z from 'zod/mini';

// The member panel's answer (GET /api/loyalty/{id}/me): everything already worded and formatted
// on the server, so the island only lays it out.

export const MemberEntryView = z.object({
  id: z.string(),
  when: z.string(),
  reason: z.string(),
  source: z.string(),
  points: z.string(),
  expires: z.string(),
});

export const MemberPanelData = z.object({
  member: z.boolean(),
  loggedIn: z.boolean(),
  name: z.string(),
  balance: z.string(),
  tier: z.string(),
  progress: z.string(),
  expiring: z.array(z.string()),
  history: z.array(MemberEntryView),
});
export type MemberPanelData = z.infer<typeof MemberPanelData>;
