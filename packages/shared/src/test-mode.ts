/**
 * An event whose only payment provider is the simulated card takes no real money: every public page of it
 * says so (the web's test-mode banner and the server-rendered ticket and print pages).
 */
export function isTestModeOnly(paymentProviders: readonly string[]): boolean {
  return paymentProviders.length > 0 && paymentProviders.every((p) => p === 'test');
}
