/** A receipt's printed number: its year and its place in that year, "2026-000042". */
export function displayReceiptNumber(year: number, number: number): string {
  return `${year}-${String(number).padStart(6, '0')}`;
}

/**
 * Whether a receipt carries the tax-deduction part (LHDN s.44(6)): the tenant has an approval
 * reference and issues tax receipts, and the donor asked for one with an identity number.
 */
export function deductibleReceipt(
  settings: { taxExemptRef: string | null; issuesTaxReceipts: boolean },
  donation: { taxReceipt: boolean; taxId: string | null },
): boolean {
  return Boolean(settings.taxExemptRef) && settings.issuesTaxReceipts && donation.taxReceipt && Boolean(donation.taxId);
}
