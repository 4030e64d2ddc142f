import { PAYSTACK_CHANNELS, parsePaystackChannels } from '@shop/shared';
import { z } from 'zod';

/**
 * PAYSTACK_CHANNELS (config.ts): a comma list of Paystack's channel names, e.g.
 * `card,bank_transfer,ussd`. A name Paystack does not know stops the server at start-up, naming it.
 */
export const paystackChannelsSetting = z.string().transform((value, context) => {
  const parsed = parsePaystackChannels(value);
  if (parsed.ok) return parsed.channels;
  context.addIssue({
    code: 'custom',
    message:
      parsed.unknown.length > 0
        ? `unknown channel ${parsed.unknown.map((name) => `"${name}"`).join(', ')}: use a comma list of ${PAYSTACK_CHANNELS.join(', ')}`
        : `must name at least one channel of ${PAYSTACK_CHANNELS.join(', ')}`,
  });
  return z.NEVER;
});
