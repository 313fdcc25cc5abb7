import autocannon from 'autocannon';
const [base, path, amount] = [process.argv[2], process.argv[3], Number(process.argv[4])];
const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username_or_email: 'bench', password: 'bench passphrase 123' }) });
const { access_token } = (await login.json()) as { access_token: string };
const r = await autocannon({ url: `${base}${path}`, connections: 32, amount, headers: { authorization: `Bearer ${access_token}` } });
console.log(path, r.requests.average, 'req/s', r.non2xx, 'non2xx');
