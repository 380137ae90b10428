/** Brings the first field with an error into view (long forms in modals hide it below the fold). */
export function scrollToFirstError() {
  requestAnimationFrame(() => {
    document
      .querySelector('[role="dialog"] [data-error="true"], [role="dialog"] .mantine-InputWrapper-error')
      ?.scrollIntoView({ block: 'center' });
  });
}
