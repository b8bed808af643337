// The establishment's coupons with their uses left, each switched on and off in one tap (the owner's).
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../src/client/api.ts';
import { toast } from '../../src/client/toast.ts';
import { formatBRL } from '../../src/domain/money.ts';
import { t } from '../../src/i18n/index.ts';
import type { CouponView } from '../../src/schemas/api-promotions.ts';
import { Button } from '../shared/Button.tsx';
import { reportFailure } from '../shared/call-failure.ts';
import './i18n.ts';

export function CouponsPanel({ establishmentId }: { establishmentId: string }) {
  const [coupons, setCoupons] = useState<CouponView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setCoupons((await call('GET /establishments/:id/coupons', { staff: true, params: { id: establishmentId }, establishmentId })).coupons);
    } catch (err) {
      reportFailure(err, { call: 'GET /establishments/:id/coupons', role: 'in_place' });
      setFailed(true);
    }
  }, [establishmentId]);
  useEffect(() => void load(), [load]);

  const toggle = async (coupon: CouponView) => {
    setBusy(coupon._id);
    try {
      const changed = await call('PUT /establishments/:id/coupons/:couponId', {
        staff: true,
        params: { id: establishmentId, couponId: coupon._id },
        body: { active: !coupon.active },
        establishmentId,
      });
      setCoupons((list) => list?.map((c) => (c._id === changed._id ? changed : c)) ?? null);
      toast(t(changed.active ? 'board:coupons.switchedOn' : 'board:coupons.switchedOff', { code: changed.code }), { kind: 'success' });
    } catch (err) {
      reportFailure(err, {
        call: 'PUT /establishments/:id/coupons/:couponId',
        role: 'action',
        fallback: { key: 'board:coupons.failed', params: { code: coupon.code } },
      });
    } finally {
      setBusy(null);
    }
  };

  if (failed)
    return (
      <p className="m-0 flex items-center gap-3 text-ink">
        {t('board:coupons.loadFailed')}
        <Button variant="secondary" size="small" onClick={() => void load()}>
          {t('board:coupons.retry')}
        </Button>
      </p>
    );
  if (!coupons) return <p className="m-0 text-muted">{t('board:coupons.loading')}</p>;
  if (coupons.length === 0) return <p className="m-0 text-muted">{t('board:coupons.empty')}</p>;
  return (
    <ul className="m-0 flex max-w-2xl list-none flex-col gap-2 p-0 text-ink" data-board-coupons>
      {coupons.map((coupon) => (
        <li
          key={coupon._id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-solid border-line bg-card p-3"
          data-board-coupon={coupon.code}
        >
          <div className="flex flex-col">
            <strong className="font-mono text-base">{coupon.code}</strong>
            <span className="text-sm text-muted">
              {coupon.discount_type === 'fixed'
                ? t('board:coupons.fixed', { amount: formatBRL(coupon.value) })
                : t('board:coupons.percentage', { value: coupon.value })}
              {' · '}
              {coupon.uses_left === null ? t('board:coupons.unlimited') : t('board:coupons.usesLeft', { count: coupon.uses_left })}
            </span>
          </div>
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={coupon.active}
              disabled={busy === coupon._id}
              aria-label={t(coupon.active ? 'board:coupons.switchOff' : 'board:coupons.switchOn', { code: coupon.code })}
              onChange={() => void toggle(coupon)}
              data-board-coupon-active
            />
            {t('board:coupons.active')}
          </label>
        </li>
      ))}
    </ul>
  );
}
