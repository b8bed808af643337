// The storefront's buttons: one spelling of each look, so a change of brand colour, radius or
// disabled state happens in one place. Links that look like buttons take the same classes.
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'destructive';
/**
 * compact: 36 px high, small text (a confirmation's answers, a retry); dialog: 40 px, small text
 * (a modal's footer); small: 44 px, small text (actions inside a section); medium: at least 44 px
 * (forms and cards); large: at least 48 px (a form's submit); bar: at least 48 px, rounder (the
 * action that ends a modal, the cart or the checkout).
 */
export type ButtonSize = 'compact' | 'dialog' | 'small' | 'medium' | 'large' | 'bar';

// Every class is spelled out whole so UnoCSS finds it in this file (uno.config.ts, islands-css.ts).
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'border-0 bg-brand text-onbrand hover:bg-branddark',
  secondary: 'border border-solid border-line bg-card text-ink hover:bg-surface',
  outline: 'border border-solid border-brand bg-transparent text-brand hover:bg-surface',
  danger: 'border border-solid border-red-700 bg-transparent text-red-700 hover:bg-red-50 dark:text-red-400',
  /** Confirms an act that cannot be undone (cancelling an order). */
  destructive: 'border-0 bg-red-700 text-white hover:bg-red-800',
};
const SIZES: Record<ButtonSize, string> = {
  compact: 'rounded-lg px-4 py-2 text-sm',
  dialog: 'rounded-lg px-4 py-2.5 text-sm',
  small: 'h-11 rounded-lg px-4 text-sm',
  medium: 'min-h-11 rounded-lg px-5 py-2 text-base',
  large: 'min-h-12 rounded-lg px-5 py-3 text-base',
  bar: 'min-h-12 rounded-xl px-5 text-base',
};
const BASE = 'inline-flex items-center justify-center gap-2 font-semibold no-underline disabled:opacity-60';
// A busy button shows the wait cursor; one that cannot act yet, the forbidden one.
const CURSOR = 'cursor-pointer disabled:cursor-not-allowed';
const BUSY_CURSOR = 'cursor-wait';

/** The classes of a button's look, for an element that is not a <button> (a link). Example: `buttonClass('primary', 'medium')`. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'medium', extra?: string, busy = false): string {
  return `${BASE} ${busy ? BUSY_CURSOR : CURSOR} ${SIZES[size]} ${VARIANTS[variant]}${extra ? ` ${extra}` : ''}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled and announced busy (aria-busy); its text is the caller's. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A <button> (type="button" unless told) in one of the storefront's looks; className adds layout only (width, alignment, margins). */
export function Button({ variant = 'primary', size = 'medium', loading = false, className, type = 'button', disabled, ...rest }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={buttonClass(variant, size, className, loading)} {...rest} />
  );
}

interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link that looks like a button (it navigates, so it stays an <a>). */
export function ButtonLink({ variant = 'primary', size = 'medium', className, ...rest }: ButtonLinkProps) {
  return <a className={buttonClass(variant, size, className)} {...rest} />;
}
