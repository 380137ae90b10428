export * from './enums.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './pagination.ts';
export * from './schemas/public.ts';
