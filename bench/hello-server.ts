// The comparison point of bench/public-event.ts: Fastify 5 answering a tiny JSON object, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3001), host: '127.0.0.1' });
