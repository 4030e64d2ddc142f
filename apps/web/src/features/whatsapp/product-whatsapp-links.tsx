import {
  formatUnitPrice,
  WHATSAPP_LINK_LABELS as L,
  type Product,
  productPageUrl,
  type SaleTerms,
  WHATSAPP_MESSAGES,
  whatsappHref,
  whatsappShareHref,
} from '@shop/shared';
import { publicOrigin } from '../../lib/public-origin';
import { useShopInfo } from '../shop-info';
import { WhatsAppLink } from './whatsapp-link';

/**
 * The product page's WhatsApp links: share the product with anyone, and ask the shop about it
 * (only when the settings hold a number WhatsApp can open). Both carry the name, the price per
 * unit as the page writes it and the page's address, whose Open Graph tags make the preview.
 */
export function ProductWhatsAppLinks({
  product,
  terms,
}: {
  product: Pick<Product, 'name' | 'slug' | 'price'>;
  terms: Pick<SaleTerms, 'unit' | 'packSize'>;
}) {
  const shop = useShopInfo();
  const about = {
    name: product.name,
    unitPrice: formatUnitPrice(terms, product.price),
    url: productPageUrl(publicOrigin(), product.slug),
  };
  const askHref = shop ? whatsappHref(shop.whatsapp, WHATSAPP_MESSAGES.productEnquiry(shop.name, about)) : null;
  return (
    <div className="flex flex-wrap gap-3" data-testid="product-whatsapp">
      <WhatsAppLink
        href={whatsappShareHref(WHATSAPP_MESSAGES.productShare(about))}
        label={L.share}
        testId="whatsapp-share"
      />
      {askHref && <WhatsAppLink href={askHref} label={L.ask} testId="whatsapp-ask" />}
    </div>
  );
}
