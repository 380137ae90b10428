/**
 * A name someone typed (an account, an inviter), made safe to show in an e-mail as plain text: mail
 * clients turn anything that looks like a URL, a domain or an address into a link (`http://…`, `www.…`,
 * `evil.example`, `a@b.example`), in the HTML part and in the text part alike. The separators those
 * patterns need are written the way security notices "defang" addresses — `evil[.]example`,
 * `http[:]//`, `a[@]b` — readable, never clickable. HTML escaping is the layout's job.
 */
export function plainName(name: string): string {
  return name
    .replace(/:\s*\/\//g, '[:]//')
    .replace(/(\w)\s*\.\s*(?=\w)/g, '$1[.]')
    .replace(/@/g, '[@]');
}
