/**
 * The API's rules for a person's name and e-mail (packages/shared/src/schemas), for forms to check before
 * sending; each form says what is wrong in its own words.
 */
export const isPersonName = (v: string) => v.trim().length >= 1 && v.trim().length <= 50;

export const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());
