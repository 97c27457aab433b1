import { atom } from 'nanostores';
import { DEFAULT_THEME, THEMES, type Theme, toTheme } from '#features/tenants/tenant.ts';

export { THEMES, type Theme };

/**
 * The colour theme (SPEC.md §4: ten themes, default black). The server renders the tenant's theme
 * on <html data-theme>; islands read it from here after `initTheme()`.
 */
export const $theme = atom<Theme>(DEFAULT_THEME);

/** Sets the theme; an unknown name falls back to the default. */
export function setTheme(name: string | null | undefined): Theme {
  const theme = toTheme(name);
  $theme.set(theme);
  return theme;
}

/** Picks up the theme the server rendered on <html data-theme>, and applies later changes to it. */
export function initTheme(root: HTMLElement = document.documentElement): () => void {
  setTheme(root.dataset.theme);
  return $theme.listen((theme) => {
    root.dataset.theme = theme;
  });
}
