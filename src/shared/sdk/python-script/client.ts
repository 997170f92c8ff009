import { pyStringLiteral } from './python-text';

/*
 * Submitting with qilisdk's client, the same names at 0.1.6 and 0.2.1.post1:
 * src/qilisdk/speqtrum/__init__.py exports `SpeQtrum` (an optional feature: the
 * `qilisdk[speqtrum]` extra); src/qilisdk/speqtrum/speqtrum.py:
 * the classmethod `SpeQtrum.login(username=None, apikey=None) -> bool` (None: read from the
 * environment, src/qilisdk/settings.py: QILISDK_SPEQTRUM_USERNAME, QILISDK_SPEQTRUM_APIKEY; the
 * tokens are kept in the keyring), `SpeQtrum()` (raises without credentials),
 * `submit(functional, device, job_name=None) -> JobHandle` (0.2.1.post1:
 * `submit(functional, device, readout=None, job_name=None)`), `wait_for_job(job) -> TypedJobDetail`,
 * and src/qilisdk/speqtrum/speqtrum_models.py: `TypedJobDetail.get_results()`.
 */

export const CLIENT_IMPORT = 'from qilisdk.speqtrum import SpeQtrum';

export function clientLines(
  device: string | undefined,
  jobName: string | undefined,
  readout: boolean,
): string[] {
  const deviceLine = device
    ? [`DEVICE = ${pyStringLiteral(device)}`]
    : [
        '# The device to run on: one of the codes client.list_devices() lists.',
        'DEVICE = ""',
        'if not DEVICE:',
        '    raise SystemExit("Set DEVICE to a device code (client.list_devices() lists them).")',
      ];
  const nameArg =
    (readout ? ', readout=readout' : '') +
    (jobName ? `, job_name=${pyStringLiteral(jobName)}` : '');
  return [
    ...deviceLine,
    '',
    '# Logs in with QILISDK_SPEQTRUM_USERNAME and QILISDK_SPEQTRUM_APIKEY from the environment',
    '# (or pass them: SpeQtrum.login(username, apikey)); without them, SpeQtrum() uses the',
    '# tokens an earlier login kept in the keyring.',
    'SpeQtrum.login()',
    'client = SpeQtrum()',
    `job = client.submit(functional, device=DEVICE${nameArg})`,
    'detail = client.wait_for_job(job)',
    'print(detail.get_results())',
  ];
}
