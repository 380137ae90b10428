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

/**
 * EU VAT numbers (VIES) of the other member states: the country prefix (EL for Greece, XI for Northern
 * Ireland) and the national number's shape; the check digits too where the rule is a simple sum.
 */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U[0-9]{8}$/,
  BE: /^[01][0-9]{9}$/,
  BG: /^[0-9]{9,10}$/,
  CY: /^[0-9]{8}[A-Z]$/,
  CZ: /^[0-9]{8,10}$/,
  DE: /^[0-9]{9}$/,
  DK: /^[0-9]{8}$/,
  EE: /^[0-9]{9}$/,
  EL: /^[0-9]{9}$/,
  FI: /^[0-9]{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}[0-9]{9}$/,
  HR: /^[0-9]{11}$/,
  HU: /^[0-9]{8}$/,
  IE: /^([0-9]{7}[A-W][A-I]?|[0-9][A-Z+*][0-9]{5}[A-W])$/,
  IT: /^[0-9]{11}$/,
  LT: /^([0-9]{9}|[0-9]{12})$/,
  LU: /^[0-9]{8}$/,
  LV: /^[0-9]{11}$/,
  MT: /^[0-9]{8}$/,
  NL: /^[0-9]{9}B[0-9]{2}$/,
  PL: /^[0-9]{10}$/,
  PT: /^[0-9]{9}$/,
  RO: /^[1-9][0-9]{1,9}$/,
  SE: /^[0-9]{10}01$/,
  SI: /^[1-9][0-9]{7}$/,
  SK: /^[1-9][0-9]{9}$/,
  XI: /^([0-9]{9}|[0-9]{12}|GD[0-4][0-9]{2}|HA[5-9][0-9]{2})$/,
};

const digitsOf = (s: string) => [...s].map(Number);
const weighted = (digits: number[], weights: number[]) =>
  weights.reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0);

function luhnOk(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((c, i) => {
    const d = Number(c) * (i % 2 === 1 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  });
  return sum % 10 === 0;
}

/** The check digits of the states whose rule is a weighted sum or a remainder; others pass on shape. */
const EU_VAT_CHECKS: Record<string, (n: string) => boolean> = {
  BE: (n) => 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8)),
  DE: (n) => {
    let product = 10;
    for (const d of digitsOf(n.slice(0, 8))) {
      const sum = (d + product) % 10 || 10;
      product = (2 * sum) % 11;
    }
    return (11 - product) % 10 === Number(n[8]);
  },
  DK: (n) => weighted(digitsOf(n), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  FI: (n) => {
    const r = weighted(digitsOf(n), [7, 9, 10, 5, 8, 4, 2]) % 11;
    return (r === 0 ? 0 : 11 - r) === Number(n[7]);
  },
  FR: (n) => {
    if (!/^[0-9]{2}$/.test(n.slice(0, 2))) return true;
    return (12 + 3 * (Number(n.slice(2)) % 97)) % 97 === Number(n.slice(0, 2));
  },
  IE: (n) => {
    if (!/^[0-9]{7}/.test(n)) return true;
    const extra = n[8] ? 9 * ('WABCDEFGHI'.indexOf(n[8]) % 10) : 0;
    const sum = weighted(digitsOf(n.slice(0, 7)), [8, 7, 6, 5, 4, 3, 2]) + extra;
    return 'WABCDEFGHIJKLMNOPQRSTUV'[sum % 23] === n[7];
  },
  IT: luhnOk,
  LU: (n) => Number(n.slice(0, 6)) % 89 === Number(n.slice(6)),
  PL: (n) => weighted(digitsOf(n), [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(n[9]),
  PT: (n) => {
    const r = 11 - (weighted(digitsOf(n), [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return (r > 9 ? 0 : r) === Number(n[8]);
  },
  SE: (n) => luhnOk(n.slice(0, 10)),
  SK: (n) => Number(n) % 11 === 0,
};

/** The form an EU VAT number is stored and printed in: prefix and number, upper case, no separators. */
function compactVat(value: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '');
  return compact.startsWith('GR') ? `EL${compact.slice(2)}` : compact;
}

/** Whether this is the VAT number of another EU member state, with its country prefix. */
export function isValidEuVatNumber(raw: string): boolean {
  const vat = compactVat(raw);
  const country = vat.slice(0, 2);
  const number = vat.slice(2);
  const format = EU_VAT_FORMATS[country];
  if (!format?.test(number)) return false;
  return EU_VAT_CHECKS[country]?.(number) ?? true;
}

/**
 * Who a buyer's invoice may be made out to: a Spanish NIF, NIE or CIF, or an EU VAT number (with its
 * country prefix) of another member state.
 */
export function isValidBuyerTaxId(raw: string): boolean {
  return isValidSpanishTaxId(raw) || isValidEuVatNumber(raw);
}

/** A buyer's tax id as stored: a Spanish one without prefix, another state's VAT number with its own. */
export function normalizeBuyerTaxId(raw: string): string {
  return isValidSpanishTaxId(raw) ? normalizeTaxId(raw) : compactVat(raw);
}
