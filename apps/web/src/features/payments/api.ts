import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings } from '@taquilla/shared/schemas/accounts';
import type {
  PaymentSettings,
  StripeConnectStart,
  UpdatePaymentSettingsInput,
} from '@taquilla/shared/schemas/payment-settings';
import { api } from '../../lib/api-client.ts';

/** accounts/me/payment-settings and accounts/me/stripe-connect (admins only). */
const key = ['payment-settings'];

/** `refresh`: back from Stripe's onboarding, ask Stripe for the account's state at once. */
export const usePaymentSettings = (refresh: boolean) =>
  useQuery({
    queryKey: [...key, refresh],
    queryFn: () =>
      api<{ data: PaymentSettings }>('accounts/me/payment-settings', {
        query: { refresh: refresh ? 'true' : undefined },
      }).then((r) => r.data),
  });

export const useAccount = () =>
  useQuery({
    queryKey: ['account-settings'],
    queryFn: () => api<{ data: AccountSettings }>('accounts/me').then((r) => r.data),
  });

function useSettingsMutation<T>(fn: (input: T) => Promise<PaymentSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => {
      queryClient.setQueriesData({ queryKey: key }, data);
    },
  });
}

export const useSavePaymentSettings = () =>
  useSettingsMutation((body: UpdatePaymentSettingsInput) =>
    api<{ data: PaymentSettings }>('accounts/me/payment-settings', { method: 'PUT', body }).then(
      (r) => r.data,
    ),
  );

export const useDisconnectStripe = () =>
  useSettingsMutation(() =>
    api<{ data: PaymentSettings }>('accounts/me/stripe-connect', { method: 'DELETE' }).then((r) => r.data),
  );

export const startStripeConnect = () =>
  api<{ data: StripeConnectStart }>('accounts/me/stripe-connect', { method: 'POST' }).then((r) => r.data);
