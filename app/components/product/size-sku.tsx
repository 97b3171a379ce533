/**
 * The SKU under a line that names a pack size (docs/decisions/056); a product's only size (empty
 * label) shows none, so its line reads as before sizes existed.
 */
export function SizeSku({
  label,
  sku,
}: {
  label: string | undefined;
  sku: string | null | undefined;
}) {
  if (!label || !sku) return null;
  return <span className="block text-muted-foreground text-xs">SKU {sku}</span>;
}
