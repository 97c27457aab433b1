// The sizes a campaign's cover is served at (issue 25): a card in the grid is a third of a desktop
// or the width of a phone, so it never needs the 1600-pixel original. Pure, for the paths and the
// cards' `srcset`; the resizing itself is campaign-image.server.ts's.

/** Widths the image endpoint answers besides the original (`?w=`). */
export const COVER_WIDTHS = [400, 800, 1200] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];

export const isCoverWidth = (value: number): value is CoverWidth => (COVER_WIDTHS as readonly number[]).includes(value);

/** How wide a card's picture is shown: the whole phone, half a tablet, a third of a desktop row. */
export const CARD_SIZES = '(min-width: 1024px) 21rem, (min-width: 640px) 50vw, 100vw';
/** How wide the campaign page's picture is shown: the page's column, at most 41rem. */
export const PAGE_SIZES = '(min-width: 1024px) 41rem, 100vw';
