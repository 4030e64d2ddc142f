-- Phone numbers are kept in one form from now on (decision 021): a Nigerian mobile, however it
-- was typed (0803 123 4567, +234 803 123 4567, 2348031234567, +234 0803...), is +2348031234567.
-- This brings the rows written before the rule to the same form: the customers' phone numbers and
-- the phone number on each order's shipping address. A number that is not a Nigerian mobile is
-- left exactly as it is (a foreign number, or one an older rule let in).
--
-- shop_nigerian_mobile is packages/shared's nigerianMobile() in SQL: the separators people type
-- (every character JavaScript's \s matches, dashes, dots, parentheses) removed, then 0 and ten
-- digits, or 234 (with or without +, with or without a stray 0) and ten digits, where the ten
-- begin with 7, 8 or 9 and then 0 or 1. NULL for anything else. A test runs both on the same
-- numbers (phone-numbers-migration.test.ts). The function is dropped at the end: the server
-- normalises in TypeScript, and only this migration needs it.
CREATE FUNCTION shop_nigerian_mobile(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '+234' || substring(
    regexp_replace(typed, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff().-]', '', 'g')
    FROM '^(?:0|\+?2340?)([789][01][0-9]{8})$'
  )
$$;
--> statement-breakpoint
UPDATE users SET phone_number = shop_nigerian_mobile(phone_number)
WHERE shop_nigerian_mobile(phone_number) <> phone_number;
--> statement-breakpoint
UPDATE orders
SET shipping_address = jsonb_set(shipping_address, '{phoneNumber}',
                                 to_jsonb(shop_nigerian_mobile(shipping_address->>'phoneNumber')))
WHERE shop_nigerian_mobile(shipping_address->>'phoneNumber') <> shipping_address->>'phoneNumber';
--> statement-breakpoint
DROP FUNCTION shop_nigerian_mobile(text);
