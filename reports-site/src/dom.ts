// Every string from data files (names, labels, messages) goes into the page as text nodes, never as HTML.

type Child = Node | string | number | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Record<string, string> | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) node.setAttribute(k, v);
  append(node, children);
  return node;
}

export function append(parent: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

export function table(headers: string[], rows: Child[][], className = 'grid'): HTMLTableElement {
  return el(
    'table',
    { class: className },
    el('thead', null, el('tr', null, ...headers.map((h) => el('th', null, h)))),
    el('tbody', null, ...rows.map((r) => el('tr', null, ...r.map((c) => el('td', null, c))))),
  );
}

/** A failure confined to one part of the page (one run, one file): the rest keeps working. */
export function errorBox(what: string, error: unknown): HTMLElement {
  return el('div', { class: 'error', role: 'alert' }, `${what}: ${(error as Error)?.message ?? String(error)}`);
}

export function section(title: string, ...children: Child[]): HTMLElement {
  return el('section', null, el('h2', null, title), ...children);
}
