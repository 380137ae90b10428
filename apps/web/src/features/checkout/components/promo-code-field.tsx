import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, CloseButton, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * "¿Tienes un código promocional?": validates the code, then the page reloads the event with it (which
 * applies the discount and reveals unlocked tickets). An invalid code shows the spec §8 message.
 */
export function PromoCodeField(props: {
  applied: string | null;
  invalid: boolean;
  /** The code is valid, but not on the chosen date (the server's word, #27). */
  otherDates?: boolean;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(props.invalid);
  const [code, setCode] = useState('');

  if (props.applied) {
    return (
      <Group gap="xs" data-testid="promo-applied">
        <Text size="sm">
          <Trans>Código promocional aplicado:</Trans>
        </Text>
        <Badge
          variant="light"
          color="grape"
          rightSection={
            <CloseButton size="xs" aria-label={t`Quitar el código promocional`} onClick={props.onRemove} />
          }
        >
          {props.applied}
        </Badge>
      </Group>
    );
  }
  if (!open && !props.invalid) {
    return (
      <Anchor
        component="button"
        type="button"
        size="sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setOpen(true)}
      >
        <Trans>¿Tienes un código promocional?</Trans>
      </Anchor>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const value = code.trim();
        if (value) props.onApply(value);
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          aria-label={t`Código promocional`}
          placeholder={t`Código promocional`}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={
            props.invalid
              ? props.otherDates
                ? t`Este código promocional no es válido para la fecha elegida.`
                : t`El código promocional no es válido o no se reconoce.`
              : undefined
          }
          autoCapitalize="characters"
          autoComplete="off"
        />
        <Button type="submit" variant="light" loading={props.checking}>
          <Trans>Aplicar</Trans>
        </Button>
      </Group>
    </form>
  );
}
