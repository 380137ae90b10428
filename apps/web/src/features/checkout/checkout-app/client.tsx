import '@fontsource/varela-round/400.css';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';

/**
 * Browser entry of the checkout (checkout.html): the Mantine styles the checkout uses, then its code.
 * Built with the event page so the two share their files (a buyer coming from the event page already
 * has React, Mantine and Lingui). The server sends the step already rendered: its first paint must not
 * wait for the scripts, so they run after it (at once in a tab that is not shown, where nothing paints).
 * The build links every stylesheet of checkout-main.tsx from the page (vite.config.ts, lateScripts).
 */
await new Promise<void>((resolve) => {
  if (document.visibilityState === 'hidden') resolve();
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});
// React and Mantine first, then the checkout: two shorter tasks, so a tap in between is answered.
await import('./checkout-libraries.ts');
await new Promise((resolve) => setTimeout(resolve, 0));
await import('./checkout-main.tsx');
