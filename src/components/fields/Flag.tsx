import { flagUrl } from '#lib/countries.ts';

/**
 * A country's flag beside its name or dial code (decorative: the text says which country). Its own
 * file: the phone field's button shows one, and the country list (loaded on demand) many.
 */
export function Flag({ iso, lazy = false }: { iso: string; lazy?: boolean }) {
  return (
    <img
      src={flagUrl(iso)}
      alt=""
      width={20}
      height={15}
      loading={lazy ? 'lazy' : undefined}
      className="h-[15px] w-5 shrink-0 rounded-sm object-cover"
    />
  );
}
