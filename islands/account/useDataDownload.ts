// 'Baixar meus dados' (./DataRights.tsx draws it): GET /users/me/export, saved as a JSON file named
// after the establishment and the day of the copy (LGPD art. 18; docs/privacy.md). Failures follow
// islands/shared/call-failure.ts (too many copies asked for say so).
import { useState } from 'react';
import { call } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { t } from '../../src/i18n/index.ts';
import { reportFailure, type CallPolicy } from '../shared/call-failure.ts';

const DOWNLOAD: CallPolicy = {
  call: 'GET /users/me/export',
  role: 'action',
  catalogue: (f) => (f.status === 429 ? { key: 'account:dataRights.tooManyDownloads' } : f.status > 0 ? { key: 'account:dataRights.downloadFailed' } : null),
};

export function useDataDownload(establishmentId: string, slug: string) {
  const [downloading, setDownloading] = useState(false);

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      const data = await call('GET /users/me/export', { establishmentId });
      // The API answers it as an attachment; fetched with the session's headers, it is saved from here.
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `meus-dados-${slug}-${data.exported_at.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast(t('account:dataRights.downloaded'), { kind: 'success' });
    } catch (err) {
      reportFailure(err, DOWNLOAD);
    } finally {
      setDownloading(false);
    }
  }

  return { downloading, download };
}
