import { useLingui } from '@lingui/react/macro';
import { MultiSelect, Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { organizerChoicesQuery } from '../api.ts';

/**
 * Which organizers a member works on: all of the account's (null), or only the chosen ones. Hidden while
 * the account has a single organizer (there is nothing to limit to).
 */
export function OrganizerScopeField(props: {
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  error?: unknown;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const { data: organizers = [] } = useQuery(organizerChoicesQuery);
  if (organizers.length < 2 && props.value === null) return null;
  const limited = props.value !== null;
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t`Organizadores`}
        description={t`Un usuario limitado solo ve los eventos, pedidos e informes de sus organizadores.`}
        value={limited ? 'SOME' : 'ALL'}
        onChange={(v) => props.onChange(v === 'ALL' ? null : [])}
      >
        <Stack gap="xs" mt={4}>
          <Radio value="ALL" label={t`Todos los organizadores`} disabled={props.disabled} />
          <Radio value="SOME" label={t`Solo algunos organizadores`} disabled={props.disabled} />
        </Stack>
      </Radio.Group>
      {limited && (
        <MultiSelect
          label={t`Organizadores de este usuario`}
          placeholder={props.value?.length ? undefined : t`Elige uno o más`}
          data={organizers.map((o) => ({ value: o.id, label: o.name }))}
          value={props.value ?? []}
          onChange={props.onChange}
          error={props.error as string | undefined}
          disabled={props.disabled}
          searchable
          required
        />
      )}
    </Stack>
  );
}
