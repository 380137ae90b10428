import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconBrandStripe, IconBuildingBank } from '@tabler/icons-react';
import {
  type PaymentSettings,
  type StripeConnectState,
  updatePaymentSettingsSchema,
} from '@taquilla/shared/schemas/payment-settings';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageError, PageLoader } from '../../../components/page-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import { schemaValidate } from '../../../lib/schema-form.ts';
import {
  startStripeConnect,
  useAccount,
  useDisconnectStripe,
  usePaymentSettings,
  useSavePaymentSettings,
} from '../api.ts';

/**
 * /account/payment — where the account's money goes: its own Stripe account (Connect) and offline
 * payment instructions. Stripe sends the admin back here with ?stripe=return (read the state at once)
 * or ?stripe=refresh (the link expired: start a new one).
 */
export function PaymentSettingsPage() {
  const [params] = useSearchParams();
  const back = params.get('stripe');
  const settings = usePaymentSettings(back === 'return');
  if (settings.isError) return <PageError error={settings.error} />;
  if (!settings.data) return <PageLoader />;
  return (
    <Stack gap="md" maw={760}>
      <PageHeader
        title={<Trans>Pagos</Trans>}
        description={<Trans>Cómo cobras a los compradores de todos los eventos de la cuenta.</Trans>}
      />
      {settings.data.test_payments && !settings.data.real_provider_ready && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="payments-test-mode">
          <Trans>
            Modo de prueba: los eventos que solo tienen pagos de prueba no cobran dinero real, y sus páginas
            públicas lo avisan. Conecta Stripe o configura el pago sin conexión para vender de verdad.
          </Trans>
        </Alert>
      )}
      <StripeCard settings={settings.data} resumeOnLoad={back === 'refresh'} />
      <OfflineCard settings={settings.data} />
    </Stack>
  );
}

function StateBadge({ state }: { state: StripeConnectState }) {
  const { t } = useLingui();
  const states: Record<StripeConnectState, { color: string; label: string }> = {
    NOT_AVAILABLE: { color: 'gray', label: t`No disponible` },
    NOT_CONNECTED: { color: 'gray', label: t`Sin conectar` },
    ONBOARDING_INCOMPLETE: { color: 'orange', label: t`Configuración pendiente` },
    CHARGES_ENABLED: { color: 'teal', label: t`Cobros activos` },
  };
  return (
    <Badge color={states[state].color} variant="light" data-testid="stripe-state" data-state={state}>
      {states[state].label}
    </Badge>
  );
}

function StripeCard({ settings, resumeOnLoad }: { settings: PaymentSettings; resumeOnLoad: boolean }) {
  const { t } = useLingui();
  const { state, account_id: accountId, platform_fee: fee } = settings.stripe;
  const account = useAccount();
  const disconnect = useDisconnectStripe();
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      const { url } = await startStripeConnect();
      window.location.assign(url);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
      setStarting(false);
    }
  };
  const resumed = useRef(false);
  useEffect(() => {
    // Stripe's link expired: a new one, once.
    if (resumeOnLoad && state === 'ONBOARDING_INCOMPLETE' && !resumed.current) {
      resumed.current = true;
      void start();
    }
  });
  const doDisconnect = async () => {
    try {
      await disconnect.mutateAsync(undefined);
      setConfirming(false);
      notifications.show({ color: 'teal', message: t`Cuenta de Stripe desconectada` });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const feeText =
    fee && account.data
      ? [
          fee.percent > 0 ? formatPercent(Math.round(fee.percent * 100)) : null,
          fee.fixed_cents > 0 ? formatMoney(fee.fixed_cents, account.data.currency) : null,
        ]
          .filter(Boolean)
          .join(' + ')
      : null;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconBrandStripe size={22} />
            <Title order={2} size="h4">
              Stripe
            </Title>
          </Group>
          <StateBadge state={state} />
        </Group>
        {state === 'NOT_AVAILABLE' && (
          <Text c="dimmed" size="sm">
            <Trans>
              Esta instalación de Taquilla no tiene claves de Stripe, así que no se puede conectar una cuenta.
              Quien administra el servidor puede añadirlas (STRIPE_SECRET_KEY y STRIPE_PUBLISHABLE_KEY).
            </Trans>
          </Text>
        )}
        {state === 'NOT_CONNECTED' && (
          <Text size="sm">
            <Trans>
              Conecta tu propia cuenta de Stripe: los pagos con tarjeta de tus eventos irán directamente a
              ella. Stripe te pedirá los datos de tu empresa y de tu cuenta bancaria.
            </Trans>
          </Text>
        )}
        {state === 'ONBOARDING_INCOMPLETE' && (
          <Text size="sm">
            <Trans>
              Tu cuenta de Stripe está conectada, pero Stripe todavía no permite cobrar con ella: termina la
              configuración en Stripe.
            </Trans>
          </Text>
        )}
        {state === 'CHARGES_ENABLED' && (
          <Text size="sm">
            <Trans>Los pagos con tarjeta de tus eventos se cobran en tu cuenta de Stripe.</Trans>
          </Text>
        )}
        {accountId && (
          <Text size="sm" c="dimmed">
            <Trans>Cuenta:</Trans> <Code>{accountId}</Code>
          </Text>
        )}
        {feeText && state !== 'NOT_AVAILABLE' && (
          <Text size="sm" data-testid="platform-fee">
            <Trans>Comisión de la plataforma por pago: {feeText}</Trans>
          </Text>
        )}
        <Group gap="xs">
          {state === 'NOT_CONNECTED' && (
            <Button onClick={() => void start()} loading={starting}>
              <Trans>Conectar con Stripe</Trans>
            </Button>
          )}
          {state === 'ONBOARDING_INCOMPLETE' && (
            <Button onClick={() => void start()} loading={starting}>
              <Trans>Continuar en Stripe</Trans>
            </Button>
          )}
          {(state === 'ONBOARDING_INCOMPLETE' || state === 'CHARGES_ENABLED') && (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              <Trans>Desconectar</Trans>
            </Button>
          )}
        </Group>
        {starting && resumeOnLoad && <Loader size="sm" />}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`¿Desconectar Stripe?`}>
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              Los eventos de la cuenta dejarán de cobrar con tarjeta en tu cuenta de Stripe. Los pagos ya
              cobrados siguen en Stripe.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button color="red" loading={disconnect.isPending} onClick={() => void doDisconnect()}>
              <Trans>Desconectar</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

type OfflineValues = { offline_payment_instructions: string };

const offlineBody = (v: OfflineValues) => ({
  offline_payment_instructions: v.offline_payment_instructions.trim() || null,
});
const validateOffline = schemaValidate<OfflineValues>(updatePaymentSettingsSchema, { toInput: offlineBody });

function OfflineCard({ settings }: { settings: PaymentSettings }) {
  const { t } = useLingui();
  const save = useSavePaymentSettings();
  const form = useForm<OfflineValues>({
    initialValues: { offline_payment_instructions: settings.offline_payment_instructions ?? '' },
    validate: validateOffline,
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await save.mutateAsync(offlineBody(v));
      form.resetDirty();
      notifications.show({ color: 'teal', message: t`Instrucciones guardadas` });
    } catch (error) {
      showSubmitError(error, form);
    }
  });
  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group gap="xs">
          <IconBuildingBank size={22} />
          <Title order={2} size="h4">
            <Trans>Pago sin conexión</Trans>
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>
            Transferencia bancaria, pago en taquilla… Los compradores reservan y reciben estas instrucciones;
            tú marcas el pedido como pagado. Los eventos nuevos ofrecen este pago con estas instrucciones, y
            cada evento puede cambiarlas en sus ajustes.
          </Trans>
        </Text>
        <Textarea
          label={t`Instrucciones por defecto`}
          placeholder={t`Haz una transferencia a ES12 3456 7890 1234 indicando el número de pedido.`}
          autosize
          minRows={3}
          {...form.getInputProps('offline_payment_instructions')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            <Trans>Guardar</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
