/**
 * The footer's newsletter block (spec section 4 "Footer newsletter block"): the welcome-voucher
 * teaser with a link to the sign-up page. Whether it shows is the core's rule
 * (`footerNewsletterVisible`), decided by the footer.
 */
import { useId } from 'react';
import { footerTexts } from '@shop/texts';
import { useTranslate, useUi, withBasePath } from '@shop/ui';

export function NewsletterBlock({ basePath }: { basePath?: string }) {
  const { core } = useUi();
  const t = useTranslate(footerTexts);
  const headingId = useId();
  return (
    <section className="sft-newsletter" aria-labelledby={headingId}>
      <h2 id={headingId} className="sft-heading">
        {t('footer.newsletter.heading')}
      </h2>
      <p className="sft-newsletter__text">{t('footer.newsletter.text')}</p>
      <a className="sft-newsletter__cta" href={withBasePath(basePath, core.headerPaths().newsletterSignup)}>
        {t('footer.newsletter.cta')}
      </a>
    </section>
  );
}
