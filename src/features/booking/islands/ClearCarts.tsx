import { useEffect } from 'react';
import { removeAllCarts } from '#stores/carts.ts';

/**
 * Empties the carts once a booking is confirmed or requested (after mount: localStorage is the
 * browser's). Renders nothing.
 */
export default function ClearCarts() {
  useEffect(() => removeAllCarts(), []);
  return null;
}
