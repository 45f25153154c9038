/**
 * A voucher code with its instructions and a copy button (newsletter spec section 4 "Promo code
 * copy": after copying, success shows for 3 seconds, `core.promoCodeCopiedMs()`).
 *
 * - Copy: `navigator.clipboard.writeText`. On success the "copied" text shows in a polite live
 *   region for `promoCodeCopiedMs()`, then goes; copying again starts the time anew.
 * - A refused or missing clipboard shows a fallback text and selects the code, so the shopper
 *   can copy it with the keyboard or the context menu. It stays until the next attempt.
 */
import { useEffect, useRef, useState } from 'react';
import { promotionTexts } from '@shop/texts';
import { Button, useUi, useTranslate } from '@shop/ui';

type CopyState = 'idle' | 'copied' | 'failed';

export function Voucher({ code, instructions }: { code: string; instructions?: string }) {
  const { core } = useUi();
  const t = useTranslate(promotionTexts);
  const [state, setState] = useState<CopyState>('idle');
  const codeElement = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const selectCode = () => {
    const element = codeElement.current;
    const selection = typeof window.getSelection === 'function' ? window.getSelection() : null;
    if (element && selection) selection.selectAllChildren(element);
  };

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      // A missing clipboard (insecure context, old browser) throws here and takes the fallback.
      await navigator.clipboard.writeText(code);
      if (!mounted.current) return;
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), core.promoCodeCopiedMs());
    } catch {
      if (!mounted.current) return;
      setState('failed');
      selectCode();
    }
  };

  return (
    <div className="shd-promo-voucher">
      {instructions && <p className="shd-promo-voucher__instructions">{instructions}</p>}
      <div className="shd-promo-voucher__row">
        <span className="shd-promo-voucher__label">{t('promotion.voucher.label')}</span>
        <code ref={codeElement} className="shd-promo-voucher__code">
          {code}
        </code>
        <Button variant="secondary" className="shd-promo-voucher__copy" onClick={() => void copy()}>
          {t('promotion.voucher.copy')}
        </Button>
      </div>
      <p className="shd-promo-voucher__status" role="status">
        {state === 'copied' && t('promotion.voucher.copied')}
        {state === 'failed' && t('promotion.voucher.copyFailed')}
      </p>
    </div>
  );
}
