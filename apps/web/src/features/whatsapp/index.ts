// What other features may use of whatsapp; everything else in the folder is its own.
export { ProductWhatsAppLinks } from './product-whatsapp-links';
export { WhatsAppLink } from './whatsapp-link';
