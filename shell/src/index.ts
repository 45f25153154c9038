/**
 * The shell (host) on every page: registers the remotes named by the page's configuration and
 * enhances the server-rendered page (cart button and badge, add-to-cart buttons, the service's
 * cart asked again when the tab is shown again and on the cart page), passes the
 * consent manager's changes on to the data layer, then puts the
 * header fragment over the static header and, once it comes near the viewport, the footer
 * fragment over the static footer. The mini cart loads on first need; the design system's
 * gallery on its own page. A page brought back from the back/forward cache is loaded again.
 */
import { followItemCount } from './badge';
import { followConsent } from './consent';
import { enhanceAddToCart, followServiceCart } from './addToCart';
import { enhanceCartButton } from './cartButton';
import { readShellConfig } from './config';
import { registerFragments } from './federation';
import { mountHeader } from './headerSlot';
import { mountFooter, whenNearViewport } from './footerSlot';
import { keepLateSignupForm, mountNewsletter } from './newsletterSlot';
import { mountPreviewPanel } from './previewSlot';
import { fillPromotionSlots } from './promotionSlots';
import { reloadWhenRestored } from './restored';
import './shell.css';

// The shell runs: the page's own stand-ins wait for it (the sign-up page's form, shell.css).
// A script that came so late that the sign-up page already showed its own form leaves that
// form in use (the shopper may be typing in it).
keepLateSignupForm();
document.documentElement.classList.add('shell-started');
reloadWhenRestored();

const config = readShellConfig();
if (config) {
  registerFragments(config.remotes);
  if (config.consent) followConsent(config.consent);
  followItemCount(config);
  enhanceCartButton(config);
  enhanceAddToCart(config);
  followServiceCart(config);
  // The header fragment takes over from the static header once it has rendered.
  mountHeader(config).catch((error: unknown) => console.warn('[shell] the header fragment failed to load', error));
  fillPromotionSlots().catch((error: unknown) => console.warn('[shell] the promotions failed to load', error));
  mountPreviewPanel(config).catch((error: unknown) => console.warn('[shell] the preview panel failed to load', error));
  if (config.pageType === 'search' || config.pageType === 'notFound') {
    // Only the search page and a page that does not exist have it: loaded there, not on every page.
    import('./searchSlot')
      .then(({ mountSearchField }) => mountSearchField(config))
      .catch((error: unknown) => console.warn('[shell] the search box failed to load', error));
  }
  if (config.pageType === 'newsletter') {
    mountNewsletter(config).catch((error: unknown) => console.warn('[shell] the newsletter fragment failed to load', error));
  }
  // The footer fragment loads when its slot comes near the viewport (it is below the fold).
  const footerSlot = document.getElementById('shell-footer');
  if (footerSlot) {
    whenNearViewport(footerSlot, () => {
      mountFooter(config).catch((error: unknown) => console.warn('[shell] the footer fragment failed to load', error));
    });
  }
  const gallery = document.getElementById('design-system-gallery');
  if (config.pageType === 'designSystem' && gallery) {
    import('./designSystem/mountGallery')
      .then(({ mountGallery }) => mountGallery(gallery, config.site, config.basePath))
      .catch((error: unknown) => console.warn('[shell] the design system gallery failed to load', error));
  }
}
