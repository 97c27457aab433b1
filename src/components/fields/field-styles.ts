// Shared look of every field, matching the shell: rounded-lg borders, focus ring in the theme's
// primary colour, red border when invalid.

export function controlClass(invalid: boolean, extra = ''): string {
  return [
    'block w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 shadow-sm',
    'placeholder:text-gray-400 focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-primary',
    'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500',
    invalid ? 'border-danger focus:border-danger' : 'border-gray-300 focus:border-primary',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export const labelClass = 'mb-1 block text-sm font-medium text-gray-900';
export const errorClass = 'mt-1 text-sm text-danger';
export const hintClass = 'mt-1 text-sm text-gray-600';

/** Joins ids for aria-describedby, leaving out the absent ones; undefined when none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => Boolean(id));
  return present.length ? present.join(' ') : undefined;
}
