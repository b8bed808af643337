// The Pix block's frame: a bordered section titled by its heading, marked with what it shows.
import { useId } from 'react';

export function PixFrame({ state, title, children }: { state: string; title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border-2 border-solid border-brand bg-card p-4 text-ink md:p-6"
      data-pix-payment={state}
    >
      <h2 id={headingId} className="m-0 text-xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
