import type { Translate } from '#i18n/t.ts';

/**
 * What a server-rendered form component (a campaign's, a programme's, a reward's, a fundraiser's)
 * takes from its page: the words, where it posts, what was typed (shown again after a refused
 * post) and each field's error message by field name.
 */
export interface FormComponentProps {
  t: Translate;
  action: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}
