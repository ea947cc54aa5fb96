import { renderToString } from 'react-dom/server';
import { PromotionBadgeSlot } from './PromotionBadgeSlot';

it('renders nothing on the server, so no unfinished boundary reaches the HTML', () => {
  const html = renderToString(<PromotionBadgeSlot productId="p1" ids="p1" />);
  expect(html).toBe('');
});
