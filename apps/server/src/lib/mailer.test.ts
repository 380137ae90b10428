import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-layout.ts';
import { Mailer } from './mailer.ts';
import { at } from './rows.ts';

describe('mailer without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'taquilla-mail-'));
    const mailer = new Mailer(
      { dataDir, from: 'Taquilla <no-reply@taquilla.local>' },
      pino({ level: 'silent' }),
    );
    const content = renderEmail({
      heading: 'Confirma tu correo <ahora>',
      paragraphs: ['Hola Ana'],
      button: { label: 'Confirmar', url: 'http://localhost:3000/x?a=1&b=2' },
    });
    await mailer.send({ to: 'ana@example.com', subject: 'Bienvenida', ...content });
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'mail', at(files, 0)), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Subject: Bienvenida');
    expect(content.html).toContain('Confirma tu correo &lt;ahora&gt;');
    expect(content.html).toContain('href="http://localhost:3000/x?a=1&amp;b=2"');
    expect(content.text).toContain('Confirmar: http://localhost:3000/x?a=1&b=2');
  });
});
