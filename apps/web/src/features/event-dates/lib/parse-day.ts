/** A typed day as the pickers show it (DD/MM/YYYY) → "YYYY-MM-DD"; null when it is not one. */
export const parseDay = (text: string) => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return m ? `${m[3]}-${m[2]?.padStart(2, '0')}-${m[1]?.padStart(2, '0')}` : null;
};
