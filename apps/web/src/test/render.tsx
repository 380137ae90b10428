import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../app/theme.ts';

// What jsdom lacks and Mantine asks for.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders a screen inside the app's providers (i18n must be active); returns its container. */
export async function render(ui: ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  await act(async () => {
    createRoot(container).render(
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <QueryClientProvider client={client}>{ui}</QueryClientProvider>
        </MantineProvider>
      </I18nProvider>,
    );
  });
  return container;
}

/** Types into an input as a person would (React sees the change). */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: HTMLElement) {
  await act(async () => {
    element.click();
  });
}

/** The error shown under a field: the element its aria-describedby names that holds the error. */
export function fieldError(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const error = ids.map((id) => document.getElementById(id)).find((e) => e?.id.endsWith('-error'));
  return error?.textContent ?? null;
}
