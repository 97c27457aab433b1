import { type KeyboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { countryOptions, filterCountries } from './country-options';
import { Flag } from './Flag';
import type { PhoneMessages } from './PhoneInput';

interface Props {
  popupId: string;
  listId: string;
  optionId: (iso: string) => string;
  locale: string;
  /** The country the field has now (shown in bold, highlighted first when nothing is searched). */
  currentIso: string;
  /** What the search starts with (a letter typed on the closed picker), '' for none. */
  initialQuery: string;
  onChoose: (iso: string) => void;
  /** Closes the picker, giving focus back to the country button or not. */
  onClose: (focusButton: boolean) => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
  messages: Pick<PhoneMessages, 'phone.searchCountry' | 'phone.country' | 'phone.noCountry'>;
}

/**
 * PhoneInput's open country picker: a search box that keeps the focus (a combobox pointing at the
 * highlighted option) over the list of countries. Loaded when the visitor first opens the picker
 * (PhoneInput's `lazy`): the list, its search and its localised names are not in the bytes every
 * page with a phone field ships. It takes the focus when it mounts.
 */
export default function CountryList({
  popupId,
  listId,
  optionId,
  locale,
  currentIso,
  initialQuery,
  onChoose,
  onClose,
  buttonRef,
  messages,
}: Props) {
  const all = useMemo(() => countryOptions(locale), [locale]);
  const [query, setQuery] = useState(initialQuery);
  const options = useMemo(() => filterCountries(all, query), [all, query]);
  // Unsearched, the field's country is highlighted first; a search starts at its first match.
  const [active, setActive] = useState(() =>
    initialQuery
      ? 0
      : Math.max(
          0,
          filterCountries(all, '').findIndex((o) => o.iso === currentIso),
        ),
  );
  const activeOption = options[Math.min(active, options.length - 1)];
  const activeId = activeOption ? optionId(activeOption.iso) : undefined;
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => searchRef.current?.focus(), []);
  // Keep the highlighted option in view while moving with the arrow keys.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  const onQuery = (next: string) => {
    setQuery(next);
    setActive(0);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => Math.min(last, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        if (event.ctrlKey) break;
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        if (event.ctrlKey) break;
        event.preventDefault();
        setActive(Math.max(0, last));
        break;
      case 'PageDown':
        event.preventDefault();
        setActive((i) => Math.min(last, i + 8));
        break;
      case 'PageUp':
        event.preventDefault();
        setActive((i) => Math.max(0, i - 8));
        break;
      case 'Enter':
        // Never submit the form from inside the picker.
        event.preventDefault();
        if (activeOption) onChoose(activeOption.iso);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
        break;
    }
  };

  return (
    <div
      id={popupId}
      className="absolute left-0 z-30 mt-1 w-full max-w-sm overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg"
    >
      <div className="border-b border-gray-200 p-2">
        <input
          ref={searchRef}
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-label={messages['phone.searchCountry']}
          placeholder={messages['phone.searchCountry']}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          onKeyDown={onSearchKeyDown}
          onBlur={(event) => {
            // Focus never leaves the search box inside the picker (options keep it there),
            // so leaving it means leaving the picker; the toggle button handles its own click.
            if (event.relatedTarget !== buttonRef.current) onClose(false);
          }}
          className="block w-full rounded-lg border border-gray-300 px-3 py-1.5 text-sm focus:border-primary focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-primary"
        />
      </div>
      <div id={listId} role="listbox" aria-label={messages['phone.country']} className="max-h-64 overflow-y-auto py-1">
        {options.map((option) => {
          const isActive = option.iso === activeOption?.iso;
          const isCurrent = option.iso === currentIso;
          return (
            // The keyboard works through the search box (aria-activedescendant), so options
            // take no focus and need no key handlers of their own.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={option.iso}
              id={optionId(option.iso)}
              role="option"
              tabIndex={-1}
              aria-selected={isActive}
              data-iso={option.iso}
              // Keep focus in the search box while clicking an option.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(option.iso)}
              onMouseMove={() => {
                const index = options.indexOf(option);
                if (index !== active) setActive(index);
              }}
              className={[
                'flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm',
                isActive ? 'bg-primary-soft text-primary-strong' : 'text-gray-900',
              ].join(' ')}
            >
              <Flag iso={option.iso} lazy />
              <span className={`flex-1 truncate ${isCurrent ? 'font-semibold' : ''}`}>{option.name}</span>
              <span className="tabular-nums text-gray-600">+{option.dialCode}</span>
            </div>
          );
        })}
      </div>
      {/* Always present, so screen readers announce the text when it appears. */}
      <p role="status" className={options.length === 0 ? 'px-3 py-2 text-sm text-gray-600' : 'sr-only'}>
        {options.length === 0 ? messages['phone.noCountry'] : ''}
      </p>
    </div>
  );
}
