/**
 * Spanish tax identification numbers and their check characters: NIF of a person (DNI, 8 digits and a
 * letter; K, L and M NIFs: a letter, 7 digits and a letter), NIE (X, Y or Z, 7 digits and a letter) and
 * CIF of a company (a letter, 7 digits and a check digit or letter). Used by the invoicing settings and
 * by the buyer's «Necesito factura» details, on both ends.
 */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_CHECK_LETTERS = 'JABCDEFGHI';

/** The form a tax id is stored and printed in: upper case, without spaces, dots or hyphens, no ES prefix. */
export function normalizeTaxId(value: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '');
  return /^ES[0-9A-Z]{9}$/.test(compact) ? compact.slice(2) : compact;
}

function personLetterOk(digits: string, letter: string): boolean {
  return DNI_LETTERS[Number(digits) % 23] === letter;
}

function cifCheckOk(id: string): boolean {
  const [kind, digits, check] = [id[0] ?? '', id.slice(1, 8), id[8] ?? ''];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 1) sum += d;
    else {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  const control = (10 - (sum % 10)) % 10;
  const asDigit = String(control);
  const asLetter = CIF_CHECK_LETTERS[control];
  // Entities without share capital and foreign ones (N, P, Q, R, S, W) end in a letter; companies
  // (A, B, E, H) in a digit; the others may use either.
  if ('NPQRSW'.includes(kind)) return check === asLetter;
  if ('ABEH'.includes(kind)) return check === asDigit;
  return check === asDigit || check === asLetter;
}

/** Whether a (normalized) NIF, NIE or CIF is well formed and its check character is right. */
export function isValidSpanishTaxId(raw: string): boolean {
  const id = normalizeTaxId(raw);
  if (/^[0-9]{8}[A-Z]$/.test(id)) return personLetterOk(id.slice(0, 8), id.slice(8));
  if (/^[XYZ][0-9]{7}[A-Z]$/.test(id)) {
    const digits = String('XYZ'.indexOf(id.charAt(0))) + id.slice(1, 8);
    return personLetterOk(digits, id.slice(8));
  }
  if (/^[KLM][0-9]{7}[A-Z]$/.test(id)) return personLetterOk(id.slice(1, 8), id.slice(8));
  if (/^[ABCDEFGHJNPQRSUVW][0-9]{7}[0-9A-J]$/.test(id)) return cifCheckOk(id);
  return false;
}
