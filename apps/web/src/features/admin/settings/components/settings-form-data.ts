import { type ShopSettings, type ShopSettingsInput, shopSettingsSchema } from '@shop/shared';
import { z } from 'zod';

// The Settings form holds text in every box (numbers too, so a cleared box is a refused box, not a
// silent 0); this turns it into the settings the shared schema checks and the server is sent.

export type SettingsFormValues = {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: { street: string; area: string; city: string; state: string; country: string };
  mapUrl: string;
  openingHours: { days: string; hours: string }[];
  bankAccount: { accountName: string; bankName: string; accountNumber: string };
  /** Blank: the shop's own orders email is the contact email. */
  ordersEmail: string;
  payOnDeliveryCapNaira: string;
  cardPaymentWindowMinutes: string;
  bankTransferWindowHours: string;
  podConfirmWindowHours: string;
};

/** The stored settings as the form shows them. */
export function toFormValues(settings: ShopSettings): SettingsFormValues {
  return {
    name: settings.name,
    phone: settings.phone,
    whatsapp: settings.whatsapp,
    email: settings.email,
    address: { ...settings.address },
    mapUrl: settings.mapUrl ?? '',
    openingHours: settings.openingHours.map((line) => ({ ...line })),
    bankAccount: { ...settings.bankAccount },
    ordersEmail: settings.ordersEmail ?? '',
    payOnDeliveryCapNaira: String(settings.payOnDeliveryCapNaira),
    cardPaymentWindowMinutes: String(settings.cardPaymentWindowMinutes),
    bankTransferWindowHours: String(settings.bankTransferWindowHours),
    podConfirmWindowHours: String(settings.podConfirmWindowHours),
  };
}

/** A blank number box is no number (the schema's coercion would read it as 0). */
const numberText = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** What the form's text means as the PUT body, before the shared schema checks it. */
export function toSettingsInput(values: SettingsFormValues): ShopSettingsInput {
  return {
    ...values,
    ordersEmail: values.ordersEmail.trim() === '' ? null : values.ordersEmail,
    payOnDeliveryCapNaira: numberText(values.payOnDeliveryCapNaira),
    cardPaymentWindowMinutes: numberText(values.cardPaymentWindowMinutes),
    bankTransferWindowHours: numberText(values.bankTransferWindowHours),
    podConfirmWindowHours: numberText(values.podConfirmWindowHours),
  };
}

/** The form's rules: the shared schema's, with its messages and the same dotted field names. */
export const settingsFormSchema = z
  .custom<SettingsFormValues>((value) => typeof value === 'object' && value !== null)
  .transform(toSettingsInput)
  .pipe(shopSettingsSchema);
