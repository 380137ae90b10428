import {
  type CreateTaxInput,
  TAX_FIXED_MAX_CENTS,
  TAX_PERCENTAGE_MAX_BP,
  type TaxOrFee,
  type UpdateTaxInput,
} from '@taquilla/shared/schemas/taxes';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { taxMessages } from './taxes-and-fees.messages.ts';
import * as repo from './taxes-and-fees.repository.ts';

export function presentTax(row: repo.TaxRow): TaxOrFee {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    calculation: row.calculation,
    value: row.value,
    is_default: row.is_default,
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function assertValue(calculation: repo.TaxRow['calculation'], value: number) {
  if (calculation === 'PERCENTAGE' && value > TAX_PERCENTAGE_MAX_BP) {
    throw invalid({ value: taxMessages['taxes_and_fees.percentage_max'] });
  }
  if (calculation === 'FIXED' && value > TAX_FIXED_MAX_CENTS) {
    throw invalid({ value: taxMessages['taxes_and_fees.fixed_max'] });
  }
}

/** Organizers read the list (to attach taxes to tickets); only admins change it. */
export async function listTaxes({ db }: DbDeps, auth: AuthContext) {
  assertCan(auth, 'events:read');
  return (await repo.listTaxes(db, auth.accountId)).map(presentTax);
}

export async function createTax({ db }: DbDeps, auth: AuthContext, input: CreateTaxInput) {
  assertCan(auth, 'taxes:manage');
  assertValue(input.calculation, input.value);
  return presentTax(
    await repo.insertTax(db, {
      account_id: auth.accountId,
      name: input.name,
      type: input.type,
      calculation: input.calculation,
      value: input.value,
      is_default: input.is_default ?? false,
      is_active: input.is_active ?? true,
    }),
  );
}

export async function updateTax({ db }: DbDeps, auth: AuthContext, id: string, input: UpdateTaxInput) {
  assertCan(auth, 'taxes:manage');
  const current = await repo.findTax(db, auth.accountId, id);
  if (!current) throw notFound();
  assertValue(input.calculation ?? current.calculation, input.value ?? current.value);
  // An empty change (`{}`) changes nothing: there is nothing to send to the database.
  if (Object.values(input).every((v) => v === undefined)) return presentTax(current);
  const row = await repo.updateTax(db, auth.accountId, id, input);
  if (!row) throw notFound();
  return presentTax(row);
}

/** Soft delete: orders keep the taxes they were charged. */
export async function deleteTax({ db }: DbDeps, auth: AuthContext, id: string) {
  assertCan(auth, 'taxes:manage');
  const row = await repo.updateTax(db, auth.accountId, id, { deleted_at: new Date() });
  if (!row) throw notFound();
}
