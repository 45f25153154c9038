import locales from '../../dist/cart.locales.json';
import { textTable } from '../table';

/** The mini cart, prices and the cart pages. */
export const cartTexts = textTable('cart', locales, (locale) => import(/* webpackChunkName: "texts-cart-[request]" */ `../../dist/cart/${locale}.json`));
