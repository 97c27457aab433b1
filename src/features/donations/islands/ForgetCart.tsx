import { useEffect } from 'react';
import { $donationCart, removeAllCarts } from '#stores/carts.ts';

/** On the invoice of a checked-out cart: the cart became this invoice, so the browser forgets it. */
export default function ForgetCart() {
  useEffect(() => {
    if ($donationCart.get()) removeAllCarts();
  }, []);
  return null;
}
