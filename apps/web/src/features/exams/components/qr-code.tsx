import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of a text, drawn in the browser as an SVG image (qrcode's SVG writer needs no canvas, so it also
 * prints sharply and renders in tests).
 */
export function QrCode({ text, size = 96, alt }: { text: string; size?: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img src={src} width={size} height={size} alt={alt} data-testid="qr-code" data-qr-text={text} />
  ) : (
    <span style={{ display: 'inline-block', width: size, height: size }} aria-hidden />
  );
}
