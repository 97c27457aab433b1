import type { KeyboardEvent, RefObject } from 'react';
import { flagUrl } from '#lib/countries.ts';
import type { PhoneMessages } from './PhoneInput';
import type { CountryOption } from './phone-model';

interface Props {
  popupId: string;
  listId: string;
  optionId: (iso: string) => string;
  /** The countries matching the search, in order. */
  options: CountryOption[];
  active: number;
  activeOption: CountryOption | undefined;
  activeId: string | undefined;
  /** The country the field has now (shown in bold). */
  currentIso: string;
  query: string;
  onQuery: (query: string) => void;
  onActive: (next: number | ((current: number) => number)) => void;
  onChoose: (iso: string) => void;
  /** Closes the picker, giving focus back to the country button or not. */
  onClose: (focusButton: boolean) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  messages: Pick<PhoneMessages, 'phone.searchCountry' | 'phone.country' | 'phone.noCountry'>;
}

/**
 * PhoneInput's open country picker: a search box that keeps the focus (a combobox pointing at the
 * highlighted option) over the list of countries.
 */
/** A country's flag beside its name or dial code (decorative: the text says which country). */
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

export function CountryList({
  popupId,
  listId,
  optionId,
  options,
  active,
  activeOption,
  activeId,
  currentIso,
  query,
  onQuery,
  onActive,
  onChoose,
  onClose,
  searchRef,
  buttonRef,
  messages,
}: Props) {
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        onActive((i) => Math.min(last, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        onActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        if (event.ctrlKey) break;
        event.preventDefault();
        onActive(0);
        break;
      case 'End':
        if (event.ctrlKey) break;
        event.preventDefault();
        onActive(Math.max(0, last));
        break;
      case 'PageDown':
        event.preventDefault();
        onActive((i) => Math.min(last, i + 8));
        break;
      case 'PageUp':
        event.preventDefault();
        onActive((i) => Math.max(0, i - 8));
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
                if (index !== active) onActive(index);
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
