import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isLoopbackAddress, isPublicAddress } from './webhooks.url-guard.ts';

const refused: string[] = [
  // scheme, port, credentials, length, unreadable
  'http://hooks.acme-bank.com/in',
  'ftp://hooks.acme-bank.com/in',
  'ws://hooks.acme-bank.com/in',
  'file:///etc/passwd',
  'gopher://hooks.acme-bank.com/',
  'javascript:alert(1)',
  'data:text/plain,hello',
  'https://hooks.acme-bank.com:8443/in',
  'https://hooks.acme-bank.com:80/in',
  'https://hooks.acme-bank.com:0/in',
  'https://user@hooks.acme-bank.com/in',
  'https://user:pass@hooks.acme-bank.com/in',
  'https://:pass@hooks.acme-bank.com/in',
  'https://hooks.acme-bank.com@127.0.0.1/in',
  `https://hooks.acme-bank.com/${'a'.repeat(2030)}`,
  '',
  'not a url',
  'https://',
  'https:///in',
  'hooks.acme-bank.com/in',
  // characters the parser would drop or reinterpret
  'https://hooks.acme-bank.com\\@127.0.0.1/',
  'https://hooks.acme\tbank.com/in',
  'https://hooks.acme-bank.com/in\n',
  ' https://hooks.acme-bank.com/in',
  'https://127.0.0.1\u0000.acme.com/',
  // IPv4 loopback in every spelling
  'https://127.0.0.1/in',
  'https://127.1/in',
  'https://127.0.1/in',
  'https://2130706433/in',
  'https://0x7f000001/in',
  'https://0x7f.0x0.0x0.0x1/in',
  'https://0177.0.0.1/in',
  'https://017700000001/in',
  'https://0x7f.1/in',
  'https://127.0.0.1./in',
  'https://127.000.000.001/in',
  'https://%31%32%37.0.0.1/in',
  'https://１２７.０.０.１/in',
  'https://127。0。0。1/in',
  // private, link-local, metadata, CGNAT, multicast, reserved, documentation
  'https://10.0.0.1/in',
  'https://10.255.255.255/in',
  'https://172.16.0.1/in',
  'https://172.31.255.1/in',
  'https://192.168.1.1/in',
  'https://0xc0a80101/in',
  'https://3232235777/in',
  'https://169.254.169.254/latest/meta-data/',
  'https://0xa9fea9fe/latest/',
  'https://100.64.0.1/in',
  'https://100.127.255.254/in',
  'https://224.0.0.1/in',
  'https://239.255.255.250/in',
  'https://240.0.0.1/in',
  'https://255.255.255.255/in',
  'https://0.0.0.0/in',
  'https://0/in',
  'https://192.0.2.10/in',
  'https://198.51.100.7/in',
  'https://203.0.113.9/in',
  'https://198.18.0.1/in',
  // even a public IP literal: a name is required
  'https://8.8.8.8/in',
  'https://[2606:4700:4700::1111]/in',
  // IPv6 literals
  'https://[::1]/in',
  'https://[0:0:0:0:0:0:0:1]/in',
  'https://[::]/in',
  'https://[::ffff:127.0.0.1]/in',
  'https://[::ffff:7f00:1]/in',
  'https://[::ffff:169.254.169.254]/in',
  'https://[64:ff9b::7f00:1]/in',
  'https://[64:ff9b::a9fe:a9fe]/in',
  'https://[fc00::1]/in',
  'https://[fd12:3456:789a::1]/in',
  'https://[fe80::1]/in',
  'https://[fe80::1%25eth0]/in',
  'https://[ff02::1]/in',
  'https://[2001:db8::1]/in',
  'https://[2002:7f00:1::]/in',
  'https://[::127.0.0.1]/in',
  // names of this machine and of private networks
  'https://localhost/in',
  'https://LOCALHOST/in',
  'https://LocalHost./in',
  'https://api.localhost/in',
  'https://a.b.localhost/in',
  'https://localhost.localdomain/in',
  'https://ⓛocalhost/in',
  'https://%6c%6f%63%61%6c%68%6f%73%74/in',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata/in',
  'https://instance-data/in',
  'https://printer.local/in',
  'https://nas.home/in',
  'https://intranet.corp/in',
  'https://hooks.lan/in',
  'https://kubernetes.default.svc/in',
  'https://api.cluster.local/in',
  'https://hooks.test/in',
  'https://hooks.example/in',
  'https://hooks.invalid/in',
  'https://abc.onion/in',
  'https://1.0.0.127.in-addr.arpa/in',
  'https://router.home.arpa/in',
  'https://hooks.acme-bank.com./in',
  'https://hooks..acme-bank.com/in',
  'https://-hooks.acme-bank.com/in',
  'https://hooks_acme.com/in',
  'https://hooks.acme-bank.123/in',
  'https://intranet/in',
  'https://localhost:443/in',
  // the test allowance is off here
  'http://127.0.0.1:8080/in',
  'http://localhost:8080/in',
];

const accepted: string[] = [
  'https://hooks.acme-bank.com/in',
  'https://HOOKS.Acme-Bank.COM/in',
  'https://hooks.acme-bank.com:443/in',
  'https://webhooks.bank.es/funder-api/events?source=svc',
  'https://a.b.c.d.example-funds.eu/x',
  'https://xn--bcher-kva.example.org/hook',
  'https://bücher.de/hook',
  'https://api.fund.io/',
  'https://hooks.acme-bank.com/path%20with%20space',
  'https://receiver.bank.co.uk/webhooks#fragment',
  'https://10.acme-bank.com/in',
  'https://127.acme-bank.com/in',
  `https://hooks.acme-bank.com/${'a'.repeat(2000)}`,
];

describe('webhook URL guard', () => {
  it('holds at least 80 refused and 10 accepted spellings', () => {
    expect(refused.length).toBeGreaterThanOrEqual(80);
    expect(accepted.length).toBeGreaterThanOrEqual(10);
  });

  it.each(refused)('refuses %s', (url) => {
    const verdict = checkWebhookUrl(url);
    expect(verdict.ok, url).toBe(false);
  });

  it.each(accepted)('accepts %s', (url) => {
    const verdict = checkWebhookUrl(url);
    expect(verdict.ok, verdict.ok ? url : `${url}: ${verdict.reason}`).toBe(true);
  });

  it('with the test allowance, accepts http to 127.0.0.1 and localhost on a port, nothing else inside', () => {
    const allow = { allowLoopback: true };
    expect(checkWebhookUrl('http://127.0.0.1:8080/in', allow)).toMatchObject({ ok: true, loopback: true });
    expect(checkWebhookUrl('http://localhost:9999/in', allow)).toMatchObject({ ok: true, loopback: true });
    for (const url of [
      'http://127.0.0.1/in',
      'http://10.0.0.1:80/',
      'http://127.1:8080/',
      'http://[::1]:8080/',
    ]) {
      expect(checkWebhookUrl(url, allow).ok, url).toBe(url === 'http://127.1:8080/');
    }
    expect(checkWebhookUrl('http://user:p@127.0.0.1:8080/', allow).ok).toBe(false);
  });
});

describe('connect-time address check', () => {
  const inside = [
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.1.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '198.19.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    '2002:c0a8:101::1',
    '2001:0:4136:e378::1',
    'not-an-address',
  ];
  const outside = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4003:80e::200e'];

  it.each(inside)('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(outside)('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));

  it('knows loopback', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
  });
});
