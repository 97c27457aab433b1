// Pure types of reviews that pages and components may see (no I/O).
import type { reviews } from '../../db/schema/reviews';

export type ReviewRow = typeof reviews.$inferSelect;
export type StaffReviewRow = ReviewRow & { resourceName: string | null; linkName: string | null };

export interface ReviewSettings {
  publicReviewUrl: string | null;
  showOnHome: boolean;
  inviteDelayMinutes: number;
  editWindowDays: number;
}
