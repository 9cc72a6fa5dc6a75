import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';

describe.each(databases)('the client logo for the sign-in page on %s', (kind) => {
  const t = useTestApp(kind);
  const logo = () => t.app.inject({ url: '/api/App/ClientLogo' });
  const add = (FileName: string, Kind: string, IsActive = true) => t.app.db('files').insert({
    FileName, UserFileName: `${FileName}.png`, Name: FileName, Kind, ContentType: 'image/png', SizeBytes: 10, IsActive, CreatedBy: 'admin',
  });

  it('is nulls before one is uploaded, so the page shows its default image', async () => {
    expect((await logo()).json()).toEqual({ FileName: null, UserFileName: null });
  });

  it('is the newest active logo, not other images', async () => {
    await add('a'.repeat(32) + '.png', 'clientlogo');
    await add('b'.repeat(32) + '.png', 'image');
    await add('c'.repeat(32) + '.png', 'clientlogo');
    await add('d'.repeat(32) + '.png', 'clientlogo', false);
    expect((await logo()).json()).toEqual({ FileName: 'c'.repeat(32) + '.png', UserFileName: 'c'.repeat(32) + '.png.png' });
  });
});
