/** Lower-case, accent-free, single-spaced text: 'Pão de Açúcar' -> 'pao de acucar'. */
export function searchText(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
