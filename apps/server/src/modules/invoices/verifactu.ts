import { createHash } from 'node:crypto';

/**
 * Verifactu (RD 1007/2023, Orden HAC/1177/2024): the registration record of an invoice (RegistroAlta)
 * and its chained fingerprint, as the AEAT's «Detalle de las especificaciones técnicas para la generación
 * de la huella o hash de los registros de facturación» defines it: the eight fields as `name=value`
 * joined by `&`, values trimmed, UTF-8, SHA-256, upper-case hex; the first record of a chain has an empty
 * `Huella`. The database writes the records (migration 0018); this file recomputes them to verify the
 * chain and builds the verification QR's address.
 */
export interface RegistroAlta {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  /** DD-MM-YYYY */
  FechaExpedicionFactura: string;
  TipoFactura: 'F1' | 'F2' | 'R1' | 'R5';
  CuotaTotal: string;
  ImporteTotal: string;
  /** The previous record's fingerprint; empty for the first. */
  HuellaAnterior: string;
  /** ISO 8601 with the offset, e.g. 2024-01-01T19:20:30+01:00. */
  FechaHoraHusoGenRegistro: string;
}

/** Minor units as Verifactu writes amounts: 1234 → "12.34", -5 → "-0.05". */
export function amountText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function fingerprint(r: RegistroAlta): string {
  const text = [
    ['IDEmisorFactura', r.IDEmisorFactura],
    ['NumSerieFactura', r.NumSerieFactura],
    ['FechaExpedicionFactura', r.FechaExpedicionFactura],
    ['TipoFactura', r.TipoFactura],
    ['CuotaTotal', r.CuotaTotal],
    ['ImporteTotal', r.ImporteTotal],
    ['Huella', r.HuellaAnterior],
    ['FechaHoraHusoGenRegistro', r.FechaHoraHusoGenRegistro],
  ]
    .map(([name, value]) => `${name}=${(value ?? '').trim()}`)
    .join('&');
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
}

/** The stored invoice columns a record is made of. */
export interface StoredRecord {
  seller: Record<string, unknown>;
  number_text: string;
  issue_date: string;
  type: RegistroAlta['TipoFactura'];
  tax_cents: number;
  total_cents: number;
  previous_fingerprint: string | null;
  generated_at: string;
}

export function registroAlta(row: StoredRecord): RegistroAlta {
  return {
    IDEmisorFactura: String(row.seller.tax_id ?? ''),
    NumSerieFactura: row.number_text,
    FechaExpedicionFactura: row.issue_date,
    TipoFactura: row.type,
    CuotaTotal: amountText(row.tax_cents),
    ImporteTotal: amountText(row.total_cents),
    HuellaAnterior: row.previous_fingerprint ?? '',
    FechaHoraHusoGenRegistro: row.generated_at,
  };
}

/**
 * The AEAT's address a buyer's phone opens from the invoice's QR code to check it was registered. Records
 * are not sent to the AEAT here (submission is off: see docs), so the invoices are «no verificables» and
 * the address is ValidarQRNoVerifactu; a system that sends them uses ValidarQR.
 */
export function verificationUrl(
  r: Pick<RegistroAlta, 'IDEmisorFactura' | 'NumSerieFactura' | 'FechaExpedicionFactura' | 'ImporteTotal'>,
  opts: { submitted: boolean } = { submitted: false },
): string {
  const page = opts.submitted ? 'ValidarQR' : 'ValidarQRNoVerifactu';
  const query = new URLSearchParams({
    nif: r.IDEmisorFactura,
    numserie: r.NumSerieFactura,
    fecha: r.FechaExpedicionFactura,
    importe: r.ImporteTotal,
  });
  return `https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/${page}?${query.toString()}`;
}

/**
 * Where records would be sent to the AEAT. Off by default and in this installation: no implementation
 * is registered (a real one needs the issuer's certificate and the AEAT's SOAP service).
 */
export interface RecordSubmitter {
  submit(record: RegistroAlta & { Huella: string }): Promise<{ accepted: boolean; csv?: string }>;
}
