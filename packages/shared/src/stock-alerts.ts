// Back-in-stock alerts (issue 25, decision 031): a visitor leaves an email on a sold-out product
// and is written to once when it can be bought again. The requests' schemas, for the server; the
// texts and limits are in stock-alert-messages.ts, which the product page's form imports without
// zod.
import { z } from 'zod';
import { emailSchema } from './accounts';
import { text } from './text';

/** POST /api/products/{id}/stock-alerts */
export const stockAlertRequestSchema = z.object({ email: emailSchema });
export type StockAlertRequest = z.input<typeof stockAlertRequestSchema>;

/** POST /api/stock-alerts/unsubscribe?token=… (the email's link, or a mail client's one-click). */
export const stockAlertUnsubscribeQuerySchema = z.object({ token: text(200).min(1) });

/** POST /api/stock-alerts/confirm?token=… (the button of the page the confirmation email's link opens). */
export const stockAlertConfirmQuerySchema = z.object({ token: text(200).min(1) });
