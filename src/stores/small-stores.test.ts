// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { $newCheckOut, finishNewCheckOut, startNewCheckOut } from './checkout';
import { $customerName, $customerNameOrPlaceholder, CUSTOMER_NAME_PLACEHOLDER, setCustomerName } from './customer';
import { $selectedStar, selectStar } from './review';
import { $theme, initTheme, setTheme, THEMES } from './theme';

describe('review', () => {
  it('keeps the selected star between 0 and 5', () => {
    expect($selectedStar.get()).toBe(0);
    selectStar(4);
    expect($selectedStar.get()).toBe(4);
    selectStar(9);
    expect($selectedStar.get()).toBe(5);
    selectStar(-2);
    expect($selectedStar.get()).toBe(0);
    selectStar(Number.NaN);
    expect($selectedStar.get()).toBe(0);
    selectStar(2.6);
    expect($selectedStar.get()).toBe(3);
  });
});

describe('checkout', () => {
  it('flags a new checkout', () => {
    expect($newCheckOut.get()).toBe(false);
    startNewCheckOut();
    expect($newCheckOut.get()).toBe(true);
    finishNewCheckOut();
    expect($newCheckOut.get()).toBe(false);
  });
});

describe('customer name', () => {
  it('starts empty: the sample name is a placeholder, never a value', () => {
    expect($customerName.get()).toBe('');
    expect($customerNameOrPlaceholder.get()).toBe(CUSTOMER_NAME_PLACEHOLDER);
    setCustomerName('Siti Nurhaliza');
    expect($customerNameOrPlaceholder.get()).toBe('Siti Nurhaliza');
    setCustomerName('   ');
    expect($customerNameOrPlaceholder.get()).toBe(CUSTOMER_NAME_PLACEHOLDER);
  });
});

describe('theme', () => {
  it('has ten themes and defaults to black', () => {
    expect(THEMES).toHaveLength(10);
    expect($theme.get()).toBe('black');
  });

  it('falls back to black for an unknown theme', () => {
    expect(setTheme('light-blue')).toBe('light-blue');
    expect(setTheme('neon')).toBe('black');
    expect(setTheme(undefined)).toBe('black');
  });

  it('reads the server-rendered theme and applies changes to <html>', () => {
    document.documentElement.dataset.theme = 'purple';
    const stop = initTheme();
    expect($theme.get()).toBe('purple');
    setTheme('green');
    expect(document.documentElement.dataset.theme).toBe('green');
    stop();
  });
});
