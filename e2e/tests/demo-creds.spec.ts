import { expect, test } from '@playwright/test';
import { parseDemoCreds, parseOtherStaff } from '../fixtures/server';

// No server needed: the parser of the block `serve --demo` prints.
const SAMPLE = `Xapa Back Office demo is ready.
  Sign in:     http://localhost:18080/admin/login
  Username:    demo
  Password:    Xapa-demo-2026
  TOTP secret: RRDXWETHKOYCWZO4D5F7OLF6ZQX3NI5R

  Other demo sign-ins (same password; add the secret to Google Authenticator).
  Each sees what the role beside it allows: sign in as one to try that role.
    support     Support         TOTP secret: JUFMIV52JIEAQ5OZJQ4VFMH6NENLNKV3
    finance     Finance         TOTP secret: 5UAPGAOO32I5CLK35GA2OUQKCDI5Z4PX
    compliance  Compliance      TOTP secret: 2732JCM6HIJIOCNAAD6G44Q3RTBKMTSN
    customer    no permissions  TOTP secret: 6XU3LA4QZ347W5D42DC4MCGU6EUG3675

  Authenticator links (open one on a phone, or turn it into a QR code, to add the account):
    demo        otpauth://totp/Xapa:demo%40example.com?algorithm=SHA1&digits=6&issuer=Xapa&period=30&secret=RRDXWETHKOYCWZO4D5F7OLF6ZQX3NI5R

  To start the demo over: stop the server, then run make demo-reset and make run.

Press Ctrl-C to stop the server.
`;

test('parses the demo block, other sign-ins included', () => {
  const creds = parseDemoCreds(SAMPLE);
  expect(creds).toMatchObject({ username: 'demo', password: 'Xapa-demo-2026', totpSecret: 'RRDXWETHKOYCWZO4D5F7OLF6ZQX3NI5R' });
  expect(creds?.others).toEqual([
    { username: 'support', role: 'Support', totpSecret: 'JUFMIV52JIEAQ5OZJQ4VFMH6NENLNKV3' },
    { username: 'finance', role: 'Finance', totpSecret: '5UAPGAOO32I5CLK35GA2OUQKCDI5Z4PX' },
    { username: 'compliance', role: 'Compliance', totpSecret: '2732JCM6HIJIOCNAAD6G44Q3RTBKMTSN' },
    { username: 'customer', role: 'no permissions', totpSecret: '6XU3LA4QZ347W5D42DC4MCGU6EUG3675' },
  ]);
});

test('waits for the whole block: nothing until its last line', () => {
  const cut = SAMPLE.indexOf('Press Ctrl-C');
  expect(parseDemoCreds(SAMPLE.slice(0, cut))).toBeNull();
  expect(parseDemoCreds(SAMPLE)).not.toBeNull();
});

test('stops at the end of the block and copes with a missing block', () => {
  expect(parseOtherStaff(`${SAMPLE}\ntime=... level=INFO msg="serving" TOTP secret: nope\n`)).toHaveLength(4);
  expect(parseOtherStaff('Xapa Back Office demo is ready.\n')).toEqual([]);
});
