/**
 * The promotion's call to action, as the core chose it (`cta`, from `voucherOrButton.selector`):
 * the voucher code with its copy button, the button linking to `ctaButtonLink`, or nothing.
 */
import type { Promotion } from '@shop/core';
import { Button } from '@shop/ui';
import { Voucher } from './Voucher';

export function CallToAction({ promotion }: { promotion: Promotion }) {
  if (promotion.cta === 'VOUCHER_CODE' && promotion.voucherCode) {
    return <Voucher code={promotion.voucherCode} instructions={promotion.voucherCodeInstructions} />;
  }
  if (promotion.cta === 'CTA_BUTTON' && promotion.ctaButtonLink && promotion.ctaButtonText) {
    return (
      <Button href={promotion.ctaButtonLink} className="shd-promo-cta">
        {promotion.ctaButtonText}
      </Button>
    );
  }
  return null;
}
