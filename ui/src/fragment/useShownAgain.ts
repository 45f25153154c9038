import { useEffect, useState } from 'react';

/**
 * How often the page's tab has been shown again since the component mounted (a
 * `visibilitychange` to visible): a dependency for an effect that reads what another tab of the
 * shop may have changed meanwhile (the login, the newsletter status), so it asks again.
 */
export function useShownAgain(): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') setShown((count) => count + 1);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  return shown;
}
