// The print pages are rendered on the server without any script; this one shows their print button.
for (const button of document.querySelectorAll('[data-print]')) {
  button.hidden = false;
  button.addEventListener('click', () => window.print());
}
