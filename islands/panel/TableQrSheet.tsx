// The tables' QR codes as a sheet: one card per table, its QR code (the store's address with the
// table in its fragment, src/domain/tables.ts tableUrl), 'Mesa 7' and the store's name. Shown as a
// grid in the 'Mesas' tab and printed alone on A4 (./table-qr-sheet.css) by 'Imprimir QR codes'.
// The QR codes are drawn by src/lib/qr-svg.ts (the `qrcode` package, as the Pix QR code), loaded
// with this tab only.
import { useEffect, useState } from 'react';
import { qrSvg } from '../../src/lib/qr-svg.ts';
import { t } from '../../src/i18n/index.ts';
import type { TableView } from '../../src/schemas/api-tables.ts';
import './table-qr-sheet.css';
import './i18n.ts';

/** The address a table's QR code opens: this site's origin (the panel is served by the store's) and the table's path. */
export function tableAddress(table: Pick<TableView, 'path'>): string {
  return `${location.origin}${table.path}`;
}

export function TableQrSheet({ tables, storeName }: { tables: readonly TableView[]; storeName: string }) {
  const [svgs, setSvgs] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    void Promise.all(tables.map(async (table) => [table.key, await qrSvg(tableAddress(table), 320)] as const)).then((pairs) => {
      if (live) setSvgs(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
  }, [tables]);
  return (
    <div className="table-qr-sheet" data-qr-sheet>
      {tables.map((table) => (
        <figure key={table.key} className="table-qr-card m-0" data-qr-card={table.number}>
          {/* The SVG is the qrcode package's drawing of our own address: no text of anyone else's in it. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG drawn by the qrcode package from the table's address */}
          <div role="img" aria-label={t('board:tables.link', { number: table.number })} dangerouslySetInnerHTML={{ __html: svgs[table.key] ?? '' }} />
          <figcaption>
            <p className="table-qr-number">{t('board:tables.table', { number: table.number })}</p>
            <p className="table-qr-store">{storeName}</p>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
