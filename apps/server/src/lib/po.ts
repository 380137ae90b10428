/**
 * The translations of a gettext catalog as Lingui writes it (`msgid`/`msgstr`, strings possibly split
 * over lines, C escapes); entries without a translation, obsolete ones (`#~`) and the header are left out.
 */
export function parsePo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of text.split(/\r?\n\r?\n/)) {
    const id = field(entry, 'msgid');
    const str = field(entry, 'msgstr');
    if (id && str) out[id] = str;
  }
  return out;
}

function field(entry: string, name: string): string | undefined {
  const match = new RegExp(`^${name} ("(?:[^"\\\\]|\\\\.)*")((?:\\r?\\n"(?:[^"\\\\]|\\\\.)*")*)`, 'm').exec(
    entry,
  );
  if (!match) return undefined;
  const parts: string[] = [match[1] ?? '""', ...(match[2]?.match(/"(?:[^"\\]|\\.)*"/g) ?? [])];
  return parts.map((part) => JSON.parse(part) as string).join('');
}
