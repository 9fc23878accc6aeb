import { CROP_RATIOS, type CropRatio, type CropRect } from '@mms/shared';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/**
 * The crop rectangle sent to the server: whole pixels of the original, inside it, with the ratio exact to within a
 * pixel (the server allows that much rounding). The crop area of the browser reports fractions.
 */
export function cropRect(area: Area, image: { width: number; height: number }, ratio: CropRatio): CropRect {
  const [rw, rh] = CROP_RATIOS[ratio];
  let width = Math.max(1, Math.round(area.width));
  let height = Math.round((width * rh) / rw);
  if (height > image.height) {
    height = image.height;
    width = Math.round((height * rw) / rh);
  }
  if (width > image.width) {
    width = image.width;
    height = Math.round((width * rh) / rw);
  }
  width = Math.max(1, width);
  height = Math.max(1, height);
  return {
    x: clamp(Math.round(area.x), 0, image.width - width),
    y: clamp(Math.round(area.y), 0, image.height - height),
    width,
    height,
  };
}

/** The zoom after a + or − key: steps of 0.1 between 1 and 3. */
export const zoomStep = (zoom: number, direction: 1 | -1): number =>
  Math.round(clamp(zoom + direction * 0.1, 1, 3) * 10) / 10;

/** Bytes as people read them: 850 KB, 1,2 MB. */
export function sizeText(bytes: number, lang: 'id' | 'en'): string {
  const locale = lang === 'en' ? 'en-GB' : 'id-ID';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(locale)} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}
