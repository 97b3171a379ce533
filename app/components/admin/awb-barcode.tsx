import type { BarcodeDrawing } from "~/domain/code128";

/** How wide one module is drawn, in CSS pixels: a thermal label printer's two dots. */
const MODULE_PX = 2;
const HEIGHT_PX = 64;

/**
 * A Code 128 barcode as inline SVG, drawn from where its bars go (app/domain/code128.ts, worked
 * out on the server, so the page carries no encoder): black bars on white, quiet zones included,
 * edges kept crisp for a scanner.
 */
export function AwbBarcode({ awb, drawing }: { awb: string; drawing: BarcodeDrawing }) {
  return (
    <svg
      role="img"
      aria-label={`Barcode of AWB ${awb}`}
      viewBox={`0 0 ${drawing.modules} ${HEIGHT_PX / MODULE_PX}`}
      width={drawing.modules * MODULE_PX}
      height={HEIGHT_PX}
      className="h-16 max-w-full bg-white"
      shapeRendering="crispEdges"
      preserveAspectRatio="none"
    >
      {drawing.bars.map((bar) => (
        <rect key={bar.x} x={bar.x} y={0} width={bar.width} height="100%" fill="#000" />
      ))}
    </svg>
  );
}
