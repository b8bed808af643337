// 'Mesas', the tables of the establishment (docs/panel.md 'Tables'): each table's number, whether
// its tab is open, its QR code's address; the owner adds one (the lowest free number, or the one
// typed), removes one or renews its key (the QR code printed before stops working) after a
// confirmation; everyone prints the QR codes on A4 (./TableQrSheet.tsx). The staff see the list
// and print; only the owner changes it (tables.edit).
import { type SubmitEvent, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { call } from '../../src/client/api.ts';
import { t } from '../../src/i18n/index.ts';
import { TABLE_NUMBER_MAX } from '../../src/domain/tables.ts';
import type { TableView } from '../../src/schemas/api-tables.ts';
import { Button } from '../shared/Button.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { FormAlert } from '../shared/Field.tsx';
import { lazyWithReload } from '../shared/lazy.ts';
import { tableFailureText } from './OpenTabs.tsx';
import '../staff/i18n.ts';
import './i18n.ts';

// The QR codes (and the qrcode package) load with this tab only.
const TableQrSheet = lazyWithReload(() => import('./TableQrSheet.tsx').then((m) => ({ default: m.TableQrSheet })));

type Confirming = { kind: 'remove' | 'renew'; table: TableView };

export function TablesPanel({ establishmentId, storeName, canEdit }: { establishmentId: string; storeName: string; canEdit: boolean }) {
  const [tables, setTables] = useState<TableView[] | null>(null);
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [number, setNumber] = useState('');
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [printing, setPrinting] = useState(false);
  const params = { id: establishmentId };

  const load = useCallback(async () => {
    try {
      const answer = await call('GET /establishments/:id/tables', { staff: true, params: { id: establishmentId }, establishmentId });
      setTables(answer.tables);
    } catch (err) {
      setAlert(tableFailureText(err));
    }
  }, [establishmentId]);
  useEffect(() => void load(), [load]);

  // The sheet is in the page before the print dialog opens; it leaves after.
  useEffect(() => {
    if (!printing) return;
    const root = document.documentElement;
    root.classList.add('printing-tables');
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done, { once: true });
    const id = window.setTimeout(() => window.print(), 300);
    return () => {
      window.clearTimeout(id);
      window.removeEventListener('afterprint', done);
      root.classList.remove('printing-tables');
    };
  }, [printing]);

  async function act(work: () => Promise<void>) {
    setAlert('');
    setStatus('');
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setAlert(tableFailureText(err));
    } finally {
      setBusy(false);
    }
  }

  const add = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act(async () => {
      const wanted = number.trim();
      const table = await call('POST /establishments/:id/tables', { staff: true, params, body: wanted ? { number: Number(wanted) } : {}, establishmentId });
      setNumber('');
      setStatus(t('board:tables.added', { number: table.number }));
      await load();
    });
  };

  const confirm = ({ kind, table }: Confirming) =>
    act(async () => {
      setConfirming(null);
      const tableParams = { ...params, number: String(table.number) };
      if (kind === 'remove') {
        await call('DELETE /establishments/:id/tables/:number', { staff: true, params: tableParams, establishmentId });
        setStatus(t('board:tables.removed', { number: table.number }));
      } else {
        await call('POST /establishments/:id/tables/:number/key', { staff: true, params: tableParams, establishmentId });
        setStatus(t('board:tables.renewed', { number: table.number }));
      }
      await load();
    });

  return (
    <section aria-labelledby="mesas-titulo" className="flex max-w-5xl flex-col gap-4 text-ink" data-tables>
      <h2 id="mesas-titulo" className="m-0 text-lg font-bold">
        {t('board:tables.title')}
      </h2>
      <p className="m-0 text-sm text-muted">{t('board:tables.intro')}</p>
      {!canEdit && <p className="m-0 text-sm text-muted">{t('board:tables.readOnly')}</p>}
      <FormAlert message={alert} />
      <p role="status" className="m-0 text-sm" data-tables-status>
        {status}
      </p>
      {canEdit && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={add} data-table-add>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t('board:tables.numberLabel')}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={TABLE_NUMBER_MAX}
              value={number}
              placeholder={t('board:tables.numberPlaceholder')}
              onChange={(e) => setNumber(e.target.value)}
              className="h-11 w-40 rounded-lg border border-solid border-line bg-card px-3 text-base text-ink"
            />
          </label>
          <Button type="submit" loading={busy}>
            {t('board:tables.add')}
          </Button>
        </form>
      )}
      {!tables && !alert && <p className="m-0 text-muted">{t('board:tables.loading')}</p>}
      {tables?.length === 0 && <p className="m-0 text-muted">{t('board:tables.empty')}</p>}
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {tables?.map((table) => (
          <li
            key={table.number}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-solid border-line bg-card p-3"
            data-table-row={table.number}
          >
            <span className="flex min-w-0 flex-1 flex-col">
              <strong>{t('board:tables.table', { number: table.number })}</strong>
              <span className="text-sm text-muted">{table.open_tab ? t('board:tables.openTab') : t('board:tables.noTab')}</span>
              <code className="break-all text-xs text-muted" data-table-link>
                {`${location.origin}${table.path}`}
              </code>
            </span>
            {canEdit && (
              <>
                <Button variant="secondary" size="small" onClick={() => setConfirming({ kind: 'renew', table })} data-table-renew={table.number}>
                  {t('board:tables.renew')}
                </Button>
                <Button variant="danger" size="small" onClick={() => setConfirming({ kind: 'remove', table })} data-table-remove={table.number}>
                  {t('board:tables.remove')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {tables && tables.length > 0 && (
        <>
          <Button variant="outline" className="self-start" onClick={() => setPrinting(true)} data-tables-print>
            {t('board:tables.print')}
          </Button>
          <TableQrSheet tables={tables} storeName={storeName} />
          {printing && createPortal(<TableQrSheet tables={tables} storeName={storeName} />, document.getElementById('table-qr-root') ?? document.body)}
        </>
      )}
      {confirming && (
        <ConfirmDialog
          message={t(confirming.kind === 'remove' ? 'board:tables.removeConfirm' : 'board:tables.renewConfirm', { number: confirming.table.number })}
          cancelLabel={t('board:tables.cancel')}
          confirmLabel={t(confirming.kind === 'remove' ? 'board:tables.remove' : 'board:tables.renew')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirm(confirming)}
        />
      )}
    </section>
  );
}
