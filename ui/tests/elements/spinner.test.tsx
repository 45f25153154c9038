/**
 * The spinner: decoration beside a text that says what is going on, so screen readers skip it;
 * a using component may place or colour it.
 */
import { render } from '@testing-library/react';
import { Spinner } from '../../src/elements';

test('is hidden from assistive technology (the text beside it speaks)', () => {
  const { container } = render(
    <p role="status">
      <Spinner />
      Warenkorb wird geladen
    </p>,
  );
  const spinner = container.querySelector('.sui-spinner');
  expect(spinner).toHaveAttribute('aria-hidden', 'true');
  expect(spinner).toBeEmptyDOMElement();
});

test("keeps its own look and takes the using component's class", () => {
  const { container } = render(<Spinner className="shd-cart-flyout__spinner" />);
  expect(container.firstElementChild).toHaveClass('sui-spinner', 'shd-cart-flyout__spinner');
});
