import { Button, FileInput, Group, Image, Modal, Stack, Text } from '@mantine/core';
import type { CropRatio, CropRect } from '@mms/shared';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { ImageCropper } from './image-cropper.tsx';

export interface CropDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** null: no crop (the image as it is) */
  ratio: CropRatio | null;
  onSave: (file: File, rect: CropRect | null) => void;
  saving?: boolean;
  error?: unknown;
  /** controls above the file choice (the ratio of the library's upload) */
  header?: ReactNode;
}

/** Choose an image and crop it to the ratio: the original and the rectangle are sent, the server crops. */
export function CropDialog(props: CropDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="lg">
      <CropDialogBody {...props} />
    </Modal>
  );
}

/** The dialog's content: mounted while it is open, so each opening starts without a file. */
function CropDialogBody({ onClose, ratio, onSave, saving, error, header }: CropDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [rect, setRect] = useState<CropRect | null>(null);
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  return (
    <Stack>
      {header}
      <FileInput
        label={t('content.crop.choose')}
        placeholder={t('content.crop.choosePlaceholder')}
        description={t('content.crop.fileHint')}
        accept="image/jpeg,image/png"
        value={file}
        onChange={(f) => {
          setFile(f);
          setRect(null);
        }}
        clearable
      />
      {url && ratio && <ImageCropper key={`${url}-${ratio}`} src={url} ratio={ratio} onChange={setRect} />}
      {url && !ratio && <Image src={url} alt={t('content.crop.original')} mah={320} fit="contain" />}
      {error != null && (
        <Text size="sm" c="red" role="alert">
          {errorText(error)}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button
          loading={saving}
          disabled={!file || (ratio !== null && !rect)}
          onClick={() => file && onSave(file, ratio ? rect : null)}
        >
          {t('content.crop.save')}
        </Button>
      </Group>
    </Stack>
  );
}
