// What the e2e journeys and the benchmarks build their customers and orders from, so an order
// placed by either looks the same to the shop.

/** The password every test customer registers with (it meets the shop's password rule). */
export const CUSTOMER_PASSWORD = 'Tailor@2024';

/** ../shared/PAYSTACK.md's test card that succeeds, as the test gateway's charge form takes it. */
export const SUCCESS_CARD = { cardNumber: '4084 0840 8408 4081', expiry: '12/40', cvv: '408' } as const;

/** A Lagos address on the mainland (Ikeja LGA) that every order placed through the API goes to. */
export const LAGOS_ADDRESS = {
  phoneNumber: '08031234567',
  address: '14 Adeniran Ogunsanya Street',
  city: 'Surulere',
  state: 'Lagos',
  area: 'Ikeja',
  zipCode: '101283',
  country: 'Nigeria',
} as const;

/** An order's shippingDetails for `person`, delivered to LAGOS_ADDRESS. */
export function shippingDetailsOf(person: { firstName: string; lastName: string; email: string }) {
  return { firstName: person.firstName, lastName: person.lastName, email: person.email, ...LAGOS_ADDRESS };
}
