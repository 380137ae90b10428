/**
 * Imported by the entry (client.tsx) before checkout-main.tsx: running React and Mantine's modules is a
 * task of its own, so the checkout's first script work comes in two shorter tasks rather than one long.
 */
export { MantineProvider } from '@mantine/core';
export { hydrateRoot } from 'react-dom/client';
