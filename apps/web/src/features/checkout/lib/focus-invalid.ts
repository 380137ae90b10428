/**
 * After a refused submit, the keyboard and screen reader go to the first field that needs fixing (the
 * error texts are only rendered on the next paint, hence the frame).
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
    field?.scrollIntoView({ block: 'center' });
  });
}
