/**
 * Loads Stripe.js from js.stripe.com (Stripe requires it to be loaded from there) only when the buyer
 * chooses card payment with Stripe; no npm wrapper, so no Stripe code in any other page.
 */
export interface StripeElement {
  mount: (el: HTMLElement) => void;
  destroy: () => void;
}
export interface StripeElements {
  create: (type: 'payment', opts?: Record<string, unknown>) => StripeElement;
}
export interface StripeInstance {
  elements: (opts: {
    clientSecret: string;
    locale?: string;
    appearance?: Record<string, unknown>;
  }) => StripeElements;
  confirmPayment: (opts: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }) => Promise<{ error?: { message?: string } }>;
}

declare global {
  interface Window {
    Stripe?: (key: string, opts?: Record<string, unknown>) => StripeInstance;
  }
}

let loading: Promise<void> | null = null;

/** `stripeAccount` is set when the organizer's Connect account takes the payment directly. */
export async function loadStripe(
  publishableKey: string,
  locale: string,
  stripeAccount?: string,
): Promise<StripeInstance> {
  if (!window.Stripe) {
    loading ??= new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = 'https://js.stripe.com/v3/';
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading = null;
        reject(new Error('stripe.js failed to load'));
      };
      document.head.appendChild(script);
    });
    await loading;
  }
  if (!window.Stripe) throw new Error('stripe.js unavailable');
  return window.Stripe(publishableKey, { locale, ...(stripeAccount ? { stripeAccount } : {}) });
}
