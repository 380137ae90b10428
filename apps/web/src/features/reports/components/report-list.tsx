import { Trans } from '@lingui/react/macro';
import type { ReportKind } from '@taquilla/shared/schemas/reports';
import type { ReactNode } from 'react';
import type { ReportScope } from '../api.ts';
import { ReportSection } from './report-section.tsx';
import { SalesChart } from './sales-chart.tsx';

/** What each report counts and what it shows when there is nothing, in screen order. */
export function reportSections(
  scope: ReportScope,
): { kind: ReportKind; about: ReactNode; empty: ReactNode }[] {
  const noSales = scope.eventId ? (
    <Trans>No hay ventas ni reembolsos en este periodo.</Trans>
  ) : (
    <Trans>Ningún evento de la cuenta tiene ventas ni reembolsos en este periodo.</Trans>
  );
  return [
    {
      kind: 'revenue',
      about: (
        <Trans>
          Ventas brutas: lo que pagaron los compradores por los pedidos completados, con impuestos y
          comisiones y tras los descuentos. Neto: las ventas brutas menos los reembolsos hechos.
        </Trans>
      ),
      empty: noSales,
    },
    {
      kind: 'sales-by-day',
      about: (
        <Trans>
          Una venta cuenta el día en que se completó el pedido; un reembolso, el día en que se hizo.
        </Trans>
      ),
      empty: noSales,
    },
    {
      kind: 'sales-by-ticket',
      about: (
        <Trans>
          Lo que sumaron las líneas de cada entrada. Los reembolsos son de pedidos, no de entradas: figuran en
          Ingresos.
        </Trans>
      ),
      empty: noSales,
    },
    {
      kind: 'taxes-and-fees',
      about: (
        <Trans>
          Como se guardaron en cada compra: la base (precio tras el descuento por entradas) y el importe de
          cada tipo.
        </Trans>
      ),
      empty: <Trans>Las ventas de este periodo no llevan impuestos ni comisiones.</Trans>,
    },
    {
      kind: 'promo-codes',
      about: <Trans>Pedidos completados con cada código, el descuento que dieron y sus reembolsos.</Trans>,
      empty: <Trans>No se usó ningún código promocional en este periodo.</Trans>,
    },
    {
      kind: 'affiliates',
      about: <Trans>Ventas que llegaron por el enlace de cada afiliado, menos sus reembolsos.</Trans>,
      empty: <Trans>Ningún afiliado trajo ventas en este periodo.</Trans>,
    },
    {
      kind: 'payment-methods',
      about: <Trans>Cómo se pagaron los pedidos completados, y lo devuelto de cada forma de pago.</Trans>,
      empty: noSales,
    },
    {
      kind: 'check-ins',
      about: (
        <Trans>
          Asistentes válidos que cubre cada lista y cuántos han entrado por ella. No depende del periodo
          elegido.
        </Trans>
      ),
      empty: <Trans>No hay listas de control de acceso.</Trans>,
    },
  ];
}

/** Every report of the scope for the period, one card each. */
export function ReportList(props: { scope: ReportScope; query: Record<string, string> }) {
  return reportSections(props.scope).map((s) => (
    <ReportSection
      key={s.kind}
      scope={props.scope}
      kind={s.kind}
      query={props.query}
      about={s.about}
      empty={s.empty}
      chart={s.kind === 'sales-by-day' ? (report) => <SalesChart report={report} /> : undefined}
    />
  ));
}
