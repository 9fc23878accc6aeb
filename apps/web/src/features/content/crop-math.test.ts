import { CROP_RATIOS, type CropRatio } from '@mms/shared';
import { describe, expect, it } from 'vitest';
import { cropRect, sizeText, zoomStep } from './crop-math.ts';

/** The server's check (modules/content/images.ts hasRatio): within a pixel of rounding. */
const serverAccepts = (r: { width: number; height: number }, ratio: CropRatio) => {
  const [w, h] = CROP_RATIOS[ratio];
  return Math.abs(r.width * h - r.height * w) <= w + h;
};

describe('cropRect', () => {
  it('rounds the crop area to whole pixels the server accepts, inside the image', () => {
    const image = { width: 1280, height: 960 };
    for (const [area, ratio] of [
      [{ x: 10.4, y: 20.6, width: 639.7, height: 360.1 }, 'BANNER'],
      [{ x: 0.2, y: 0, width: 959.6, height: 959.6 }, 'AVATAR'],
      [{ x: 333.3, y: 111.1, width: 123.45, height: 69.44 }, 'BANNER'],
    ] as const) {
      const r = cropRect(area, image, ratio);
      expect(Number.isInteger(r.x + r.y + r.width + r.height)).toBe(true);
      expect(serverAccepts(r, ratio)).toBe(true);
      expect(r.x + r.width).toBeLessThanOrEqual(image.width);
      expect(r.y + r.height).toBeLessThanOrEqual(image.height);
    }
    expect(cropRect({ x: 0.2, y: 0, width: 959.6, height: 959.6 }, image, 'AVATAR')).toEqual({
      x: 0,
      y: 0,
      width: 960,
      height: 960,
    });
  });

  it('shrinks a crop that would leave the image and pulls it back inside', () => {
    const r = cropRect({ x: 100, y: 50, width: 1700, height: 1000 }, { width: 1600, height: 900 }, 'BANNER');
    expect(r).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
    const square = cropRect({ x: 500, y: 0, width: 400, height: 400 }, { width: 600, height: 300 }, 'AVATAR');
    expect(square).toEqual({ x: 300, y: 0, width: 300, height: 300 });
  });
});

describe('zoomStep and sizeText', () => {
  it('zooms in tenths between 1 and 3', () => {
    expect(zoomStep(1, 1)).toBe(1.1);
    expect(zoomStep(1, -1)).toBe(1);
    expect(zoomStep(2.95, 1)).toBe(3);
  });
  it('reads sizes as people do', () => {
    expect(sizeText(870_000, 'id')).toBe('850 KB');
    expect(sizeText(1_300_000, 'id')).toBe('1,2 MB');
    expect(sizeText(1_300_000, 'en')).toBe('1.2 MB');
  });
});
