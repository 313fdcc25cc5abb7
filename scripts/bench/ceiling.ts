// The ceiling of the machine: a bare Koa app answering one small JSON document, in a process of its own, driven
// like the real server. Usage: node scripts/bench/ceiling.ts <port>; prints "ready" once it listens.
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { status: 'ok' };
});
app.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'));
