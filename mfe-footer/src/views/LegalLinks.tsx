/**
 * The legal links and the sales-tax note. The legal link marked as the consent settings is a
 * button: it dispatches the core's `consentSettingsEvent` on `window`, for the page's
 * consent-management integration.
 */
import type { LegalLink, SalesTax } from '@shop/core';
import { useUi } from '@shop/ui';
import { TargetLink } from './TargetLink';

export function LegalLinks({ links, basePath }: { links: LegalLink[]; basePath?: string }) {
  const { core } = useUi();
  if (links.length === 0) return null;
  const openConsentSettings = () => window.dispatchEvent(new CustomEvent(core.footerSettings().consentSettingsEvent));
  return (
    <ul className="sft-legal">
      {links.map((link, index) => (
        <li key={index}>
          {link.opensConsentSettings ? (
            <button type="button" className="sft-legal__button" onClick={openConsentSettings}>
              {link.text}
            </button>
          ) : link.target ? (
            <TargetLink target={link.target} basePath={basePath}>
              {link.text}
            </TargetLink>
          ) : (
            <span>{link.text}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A space goes between two parts of a sentence unless one side has it or the second opens with punctuation. */
function joiner(before: string | undefined, after: string | undefined): string {
  if (!before || !after || /\s$/.test(before) || /^[\s.,;:!?)]/.test(after)) return '';
  return ' ';
}

export function SalesTaxNote({ salesTax, basePath }: { salesTax?: SalesTax; basePath?: string }) {
  if (!salesTax) return null;
  const { textBeforeLink, link, textAfterLink } = salesTax;
  return (
    <p className="sft-sales-tax">
      {textBeforeLink}
      {joiner(textBeforeLink, link?.text)}
      {link && (
        <TargetLink target={link.target} basePath={basePath}>
          {link.text}
        </TargetLink>
      )}
      {joiner(link?.text, textAfterLink)}
      {textAfterLink}
    </p>
  );
}
