// Pure types of reviews that pages and components may see (no I/O).
import type { reviews } from '#db/schema/reviews.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type StaffReviewRow = ReviewRow & {
  resourceName: string | null;
  linkName: string | null;
  /** The name on the booking a verified review or its follow-up feedback is about. */
  visitName: string | null;
};

export interface ReviewSettings {
  publicReviewUrl: string | null;
  showOnHome: boolean;
  inviteDelayMinutes: number;
  editWindowDays: number;
}

/** Whether a review may appear on the home page: every one waits for a staff member's approval. */
export const MODERATIONS = [
  'pending',
  'held',
  'approved',
  'rejected',
] as const satisfies readonly ReviewRow['moderation'][];
export type ReviewModeration = (typeof MODERATIONS)[number];
