import 'react-easy-crop/react-easy-crop.css';
import { ActionIcon, Box, Group, Slider, Text } from '@mantine/core';
import { CROP_RATIOS, type CropRatio, type CropRect } from '@mms/shared';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { cropRect, zoomStep, type Area } from '../crop-math.ts';

export interface ImageCropperProps {
  /** the original image's address (an object URL of a chosen file, or a library image) */
  src: string;
  ratio: CropRatio;
  /** the crop in the original's whole pixels, each time it settles */
  onChange: (rect: CropRect) => void;
}

/**
 * Crops an image to a fixed ratio in the browser (react-easy-crop: drag, pinch or wheel). Keyboard: Tab to the crop
 * area, arrow keys move it, + and − zoom; the zoom buttons and slider are named controls. Only the rectangle leaves
 * the browser: the server crops the original itself. Give it a `key` of the image: a new image starts afresh.
 */
export function ImageCropper({ src, ratio, onChange }: ImageCropperProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const natural = useRef<{ width: number; height: number } | null>(null);
  const last = useRef<Area | null>(null);
  const [w, h] = CROP_RATIOS[ratio];

  const emit = () => {
    if (natural.current && last.current) onChange(cropRect(last.current, natural.current, ratio));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === '+' || e.key === '=') setZoom((z) => zoomStep(z, 1));
    else if (e.key === '-' || e.key === '_') setZoom((z) => zoomStep(z, -1));
    else return;
    e.preventDefault();
  };

  return (
    <div>
      <Box
        pos="relative"
        h={320}
        bg="dark.7"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        onKeyDown={onKeyDown}
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={w / h}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_percent, pixels) => {
            last.current = pixels;
            emit();
          }}
          onMediaLoaded={(media) => {
            natural.current = { width: media.naturalWidth, height: media.naturalHeight };
            emit();
          }}
          keyboardStep={10}
          disableAutomaticStylesInjection
          mediaProps={{ alt: t('content.crop.original') }}
          cropperProps={{
            role: 'group',
            'aria-label': t('content.crop.area', { ratio: ratio === 'AVATAR' ? '1:1' : '16:9' }),
            'aria-describedby': hintId,
          }}
        />
      </Box>
      <Group gap="xs" mt="sm" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('content.crop.zoomOut')}
          onClick={() => setZoom((z) => zoomStep(z, -1))}
        >
          <IconZoomOut size={18} aria-hidden />
        </ActionIcon>
        <Slider
          flex={1}
          min={1}
          max={3}
          step={0.1}
          value={zoom}
          onChange={setZoom}
          thumbLabel={t('content.crop.zoom')}
          label={(v) => `${Math.round(v * 100)}%`}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('content.crop.zoomIn')}
          onClick={() => setZoom((z) => zoomStep(z, 1))}
        >
          <IconZoomIn size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Text id={hintId} size="sm" c="dimmed" mt="xs">
        {t('content.crop.keys')}
      </Text>
    </div>
  );
}
