// Building elements in page scripts: plain DOM, so the pages need no rendering library for the few
// things their scripts draw (the user menu, the achievements dropdown).

/** A `tag` element with `className`, the attributes `attrs` and `children` appended. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}
