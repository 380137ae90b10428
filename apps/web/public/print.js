// The print pages are rendered on the server without any script; this one shows their print button.
for (const button of document.querySelectorAll('[data-print]')) {
  button.dataset.ready = '';
  button.addEventListener('click', () => window.print());
}
