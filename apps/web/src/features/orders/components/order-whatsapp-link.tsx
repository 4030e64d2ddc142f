import { type Order, parseQuantity, WHATSAPP_LINK_LABELS, WHATSAPP_MESSAGES, whatsappHref } from '@shop/shared';
import { useShopInfo } from '../../shop-info';
import { WhatsAppLink } from '../../whatsapp';

/**
 * "Send order on WhatsApp": a chat with the shop's number carrying the order's number, its items
 * (name, quantity as sold, the server's line total) and its total. Nothing when the settings hold
 * no number WhatsApp can open.
 */
export function OrderWhatsAppLink({ order }: { order: Pick<Order, 'orderNumber' | 'items' | 'totalAmount'> }) {
  const shop = useShopInfo();
  if (!shop) return null;
  const message = WHATSAPP_MESSAGES.order(shop.name, {
    orderNumber: order.orderNumber,
    items: order.items.map((item) => ({
      name: item.name,
      terms: item,
      // A quantity the server could not have sent (more than two decimals) counts as none.
      hundredths: parseQuantity(item.quantity) ?? 0,
      lineTotal: item.lineTotal,
    })),
    total: order.totalAmount,
  });
  const href = whatsappHref(shop.whatsapp, message);
  if (!href) return null;
  return (
    <p className="mt-4">
      <WhatsAppLink href={href} label={WHATSAPP_LINK_LABELS.order} testId="whatsapp-order" />
    </p>
  );
}
