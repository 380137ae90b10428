/** The waiting room's clock: tests move it instead of sleeping (admission rate, pass expiry). */
export const clock = { now: (): Date => new Date() };
