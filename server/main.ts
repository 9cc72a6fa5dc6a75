import closeWithGrace from 'close-with-grace';
import { configFromEnv, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { StartupError } from './startup-error.ts';
import type { MasterAdminResult } from './bootstrap/master-admin.ts';

function announceAdmin({ generatedPassword }: MasterAdminResult): void {
  if (!generatedPassword) {
    console.log('Created the master administrator "admin" with the password from ADMIN_PASSWORD.');
    return;
  }
  console.log([
    '',
    '  Created the master administrator.',
    '    User Name: admin',
    `    Password:  ${generatedPassword}`,
    '  This password is shown only now; you will be asked to change it at first sign-in.',
    '',
  ].join('\n'));
}

function oneLine(error: unknown, port: number, host: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `port ${port} on ${host} is already in use; set PORT to a free port`;
  if (code === 'EACCES') return `not allowed to listen on ${host}:${port}; set PORT above 1024`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${host} is not an address of this machine`;
  return (error as Error).message;
}

export async function main(): Promise<void> {
  let config;
  try {
    config = configFromEnv();
  } catch (error) {
    console.error(`cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  try {
    const app = await buildApp(config, { logger: { level: config.logLevel }, onMasterAdmin: announceAdmin });
    closeWithGrace({ delay: 10_000 }, async ({ err }) => {
      if (err) app.log.error({ err }, 'shutting down after an error');
      await app.close();
    });
    await app.listen({ port: config.port, host: config.host });
    console.log(`Ready on ${config.publicUrl}  (API docs: ${config.publicUrl}/docs, database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
  } catch (error) {
    const known = error instanceof StartupError || error instanceof ConfigError || (error as NodeJS.ErrnoException).code;
    console.error(`cannot start: ${oneLine(error, config.port, config.host)}`);
    if (!known) console.error(error);
    process.exit(1);
  }
}

await main();
