// A Taquilla webhook receiver that verifies Standard Webhooks signatures with Node's own crypto.
// Run: WEBHOOK_SECRET=whsec_... PORT=8080 node webhook-receiver.mjs
// Set PREVIOUS_WEBHOOK_SECRET too while you switch to a rotated secret (both are accepted).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secrets = [process.env.WEBHOOK_SECRET, process.env.PREVIOUS_WEBHOOK_SECRET].filter(Boolean);
const TOLERANCE_SECONDS = 5 * 60;
const seen = new Set(); // use your database in production: webhook-id repeats on retries

function verify(headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const given = signatures.split(' ').map((s) => Buffer.from(s.replace(/^v1,/, ''), 'base64'));
  return secrets.some((secret) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
    return given.some((g) => g.length === expected.length && timingSafeEqual(g, expected));
  });
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const rawBody = Buffer.concat(chunks).toString('utf8'); // verify the raw bytes, before JSON.parse
    if (!verify(req.headers, rawBody)) {
      res.writeHead(401).end('bad signature');
      return;
    }
    const message = JSON.parse(rawBody);
    if (!seen.has(message.id)) {
      seen.add(message.id);
      console.log(
        JSON.stringify({ verified: true, id: message.id, type: message.type, object: message.data.object }),
      );
    }
    res.writeHead(204).end(); // answer fast (within 10 s); do slow work afterwards
  });
}).listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => console.log('listening'));
