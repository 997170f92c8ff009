import path from 'node:path';
import type { NamespaceHandlers } from '../dispatch';
import { APP_ERROR_CODES, AppError, unsupported } from '../../errors/app-error';
import { isAllowedExternalUrl } from '../external-url';
import type { AppCoreOptions } from '../types';

export function appHandlers(options: AppCoreOptions, version: string): NamespaceHandlers<'app'> {
  const logFile = options.logFile ?? null;
  return {
    'app.info': async () => ({
      name: options.appName ?? 'Quantum Job Studio',
      version,
      platform: process.platform,
      shell: options.shell,
      dataDir: options.dataDir,
      logFile,
    }),

    'app.openLogFolder': async () => {
      const folder = logFile ? path.dirname(logFile) : path.join(options.dataDir, 'logs');
      if (!options.openPath) throw unsupported('Opening folders', `The app's log is in ${folder}.`);
      await options.openPath(folder);
      return null;
    },

    'app.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) {
        throw new AppError(
          APP_ERROR_CODES.forbidden,
          'Only https links without credentials are opened outside the app.',
        );
      }
      if (!options.openExternal)
        throw unsupported('Opening the system browser', 'Open the link in a new tab instead.');
      await options.openExternal(url);
      return true;
    },

    'app.respondToClose': async ({ proceed }) => {
      options.onCloseResponse?.(proceed);
      return null;
    },
  };
}
