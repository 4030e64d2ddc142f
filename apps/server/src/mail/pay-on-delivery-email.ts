import { formatNaira, koboToNaira, ORDER_MESSAGES, POD_PAYMENT_WAY_LABELS, type PodPaymentWay } from '@shop/shared';
import { orderLineRow, orderLineText } from './order-lines';
import {
  DEFAULT_EMAIL_SHOP,
  type EmailShop,
  type EmailTemplates,
  escapeHtml,
  helloHtml,
  helloLine,
  layout,
  type RenderedEmail,
} from './templates';

// Pay on delivery's words in the order emails (docs/decisions/022-pay-on-delivery.md): the
// receipt once the rider brought the money back, and the line of a status email while the
// order is still to be paid at the door. Hooked into templates.ts by one line each.

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));

/**
 * What happens after a pay-on-delivery order is placed (the success page says the same): for the
 * order-placed email of item 4 to call with the order's total.
 */
export const podPlacedWording = (totalKobo: number) => ORDER_MESSAGES.podNextSteps(naira(totalKobo));

/** The sentence a status email adds while the order is still to be paid at the door. */
export function podStatusLine(data: { payOnDeliveryKobo?: number; to: string }): string | null {
  if (data.payOnDeliveryKobo === undefined) return null;
  const ready = `Please have ${naira(data.payOnDeliveryKobo)} ready when it arrives: pay the rider by cash, POS or transfer.`;
  return data.to === 'PROCESSING' ? `We have confirmed your order by phone. ${ready}` : ready;
}

/** The order-paid receipt of an order paid to the rider: delivered, how much, how. */
export function podPaidEmail(
  data: EmailTemplates['order-paid'] & { paidOnDelivery: { how: PodPaymentWay; receivedKobo: number } },
  shop: EmailShop = DEFAULT_EMAIL_SHOP,
): RenderedEmail {
  const { firstName, orderNumber, items, orderUrl } = data;
  const how = POD_PAYMENT_WAY_LABELS[data.paidOnDelivery.how];
  const said = `Your order ${orderNumber} has been delivered, and we have received your payment of ${naira(data.paidOnDelivery.receivedKobo)} by ${how}. Thank you for shopping with us.`;
  const lines = items.map(orderLineText);
  const totals = [
    `Subtotal: ${naira(data.subtotalKobo)}`,
    `Delivery: ${naira(data.deliveryFeeKobo)}`,
    `Total paid: ${naira(data.totalKobo)}`,
    `Paid on delivery by: ${how}`,
  ];
  const rows = items.map(orderLineRow).join('\n');
  return {
    subject: `Order ${orderNumber} delivered: payment received`,
    text: [
      helloLine(firstName),
      '',
      said,
      '',
      ...lines,
      '',
      ...totals,
      '',
      ...(orderUrl ? [`See your order at ${orderUrl}`, ''] : []),
      shop.name,
    ].join('\n'),
    html: layout(
      `Order ${orderNumber} delivered`,
      `<p>${helloHtml(firstName)}</p>
<p>${escapeHtml(said)}</p>
<table style="width:100%;border-collapse:collapse">${rows}</table>
<p>${totals.map(escapeHtml).join('<br>')}</p>
${orderUrl ? `<p><a href="${escapeHtml(orderUrl)}" style="color:#7f1d3a">See your order</a></p>` : ''}`,
      shop,
    ),
  };
}
