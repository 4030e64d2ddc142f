// The printable receipt's texts (README "Receipts"): the customer's and the admin's receipt pages.

export const RECEIPT_MESSAGES = {
  title: 'Receipt',
  printReceipt: 'Print receipt',
  viewReceipt: 'View receipt',
  backToOrder: 'Back to the order',
  printHint: 'Choose “Save as PDF” in the print dialog to keep a copy.',
  loading: 'Loading the receipt…',
  thankYou: 'Thank you for shopping with us.',
} as const;
