import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { jakartaDate, type CropRatio, type CropRect, type MediaImage } from '@mms/shared';
import { IconCrop, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ROUTES } from '../../../lib/route-names.ts';
import { errorText } from '../../../i18n/index.ts';
import { dateText, displayLanguage } from '../../../lib/display.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useCropStored, useDeleteImage, useMediaImage, useRecentImages, useUploadImage } from '../api.ts';
import { CropDialog } from '../components/crop-dialog.tsx';
import { ImageCropper } from '../components/image-cropper.tsx';
import { sizeText } from '../crop-math.ts';

type RatioChoice = CropRatio | 'ORIGINAL';

function RatioControl({
  value,
  onChange,
  withOriginal,
}: {
  value: RatioChoice;
  onChange: (v: RatioChoice) => void;
  withOriginal?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={500} id="ratio-label" mb={4}>
        {t('content.ratio.label')}
      </Text>
      <SegmentedControl
        aria-labelledby="ratio-label"
        value={value}
        onChange={(v) => onChange(v as RatioChoice)}
        data={[
          ...(withOriginal ? [{ value: 'ORIGINAL', label: t('content.ratio.ORIGINAL') }] : []),
          { value: 'AVATAR', label: t('content.ratio.AVATAR') },
          { value: 'BANNER', label: t('content.ratio.BANNER') },
        ]}
      />
    </div>
  );
}

const ratioText = (t: (k: string) => string, ratio: MediaImage['ratio']) => t(`content.ratio.${ratio ?? 'ORIGINAL'}`);

/** other-image-upload: the media library (content.manage): upload (cropped or not), list, crop, delete when unused. */
export function ImageUploadPage() {
  const { t } = useTranslation();
  const [ratio, setRatio] = useState<RatioChoice>('BANNER');
  const [filter, setFilter] = useState<string>('ALL');
  const [open, setOpen] = useState(false);
  const upload = useUploadImage();
  const remove = useDeleteImage();
  const navigate = useNavigate();
  const lang = displayLanguage();

  const save = (file: File, rect: CropRect | null) =>
    upload.mutate(
      { file, ratio: ratio === 'ORIGINAL' ? null : ratio, rect },
      {
        onSuccess: () => {
          setOpen(false);
          notifyDone('saved', t('content.image'));
        },
      },
    );

  const columns: ListColumn<MediaImage>[] = [
    {
      accessor: '_thumb',
      title: t('content.images.thumbnail'),
      render: (r) => (
        <Image
          src={r.url}
          alt={t('content.images.alt', { id: r.id })}
          h={48}
          w={r.ratio === 'AVATAR' ? 48 : 85}
          fit="cover"
          radius="sm"
        />
      ),
    },
    { accessor: 'id', title: t('content.images.id') },
    { accessor: 'dimensions', title: t('content.images.dimensions'), render: (r) => `${r.width} × ${r.height}` },
    { accessor: 'bytes', title: t('content.images.size'), render: (r) => sizeText(r.bytes, lang) },
    { accessor: 'ratio', title: t('content.ratio.label'), render: (r) => ratioText(t, r.ratio) },
    { accessor: 'uploadedBy', title: t('content.images.uploadedBy') },
    {
      accessor: 'createdAt',
      title: t('content.images.uploadedAt'),
      render: (r) => dateText(jakartaDate(new Date(r.createdAt)), 'short'),
    },
    {
      accessor: 'usedBy',
      title: t('content.images.usedBy'),
      render: (r) =>
        r.usedBy > 0 ? (
          <Badge variant="light">{t('content.images.usedCount', { count: r.usedBy })}</Badge>
        ) : (
          t('content.images.unused')
        ),
      exportValue: (r) => r.usedBy,
    },
    rowActionsColumn((r: MediaImage) => (
      <RowActions
        name={t('content.images.alt', { id: r.id })}
        actions={[
          {
            label: t('content.images.crop'),
            icon: <IconCrop size={16} aria-hidden />,
            onClick: () => void navigate(`${ROUTES['other-image-crop']}?image=${r.id}`),
          },
        ]}
        remove={
          r.usedBy === 0
            ? {
                title: t('content.images.deleteTitle'),
                text: t('content.images.deleteText', { id: r.id }),
                run: () => remove.mutateAsync(r.id),
              }
            : undefined
        }
      />
    )),
  ];

  return (
    <Stack>
      <PageTitle
        actions={
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setOpen(true)}>
            {t('content.images.upload')}
          </Button>
        }
      >
        {t('content.images.title')}
      </PageTitle>
      <Text c="dimmed">{t('content.images.lead')}</Text>
      <DataList<MediaImage>
        path="/content/images"
        label={t('content.images.title')}
        exportName="galeri-gambar"
        columns={columns}
        filters={{ ratio: filter === 'ALL' ? undefined : filter }}
        searchLabel={t('content.images.search')}
        filterControls={
          <SegmentedControl
            aria-label={t('content.ratio.filter')}
            value={filter}
            onChange={setFilter}
            data={[
              { value: 'ALL', label: t('content.ratio.ALL') },
              { value: 'AVATAR', label: t('content.ratio.AVATAR') },
              { value: 'BANNER', label: t('content.ratio.BANNER') },
            ]}
          />
        }
      />
      <CropDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('content.images.upload')}
        ratio={ratio === 'ORIGINAL' ? null : ratio}
        onSave={save}
        saving={upload.isPending}
        error={upload.error}
        header={<RatioControl value={ratio} onChange={setRatio} withOriginal />}
      />
    </Stack>
  );
}

/** A grid of recent library images to choose one from (the crop screen without ?image=). */
function ImagePicker({ onPick }: { onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const recent = useRecentImages(null);
  if (recent.isPending) return <Skeleton h={120} aria-label={t('app.loading')} />;
  const items = recent.data?.items ?? [];
  if (items.length === 0) {
    return (
      <Alert color="gray">
        {t('content.crop.noImages')} <Link to={ROUTES['other-image-upload']}>{t('content.images.title')}</Link>
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }}>
      {items.map((img) => (
        <UnstyledButton key={img.id} onClick={() => onPick(img.id)} aria-label={t('content.crop.pick', { id: img.id })}>
          <Image src={img.url} alt="" h={90} fit="cover" radius="sm" />
          <Text size="xs" c="dimmed">
            #{img.id} · {img.width} × {img.height}
          </Text>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/** other-image-crop: crop a library image to a ratio and save the crop as a new image ("crop upload"). */
export function ImageCropPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const imageId = Number(params.get('image')) || null;
  const image = useMediaImage(imageId);
  const [ratio, setRatio] = useState<CropRatio>('BANNER');
  const [rect, setRect] = useState<CropRect | null>(null);
  const crop = useCropStored();

  const save = () =>
    rect &&
    imageId &&
    crop.mutate(
      { id: imageId, crop: { ...rect, ratio } },
      {
        onSuccess: (made) => {
          notifyDone('saved', t('content.image'));
          void navigate(`${ROUTES['other-image-upload']}?made=${made.id}`);
        },
      },
    );

  return (
    <Stack maw={900}>
      <PageTitle>{t('content.crop.title')}</PageTitle>
      <Text c="dimmed">{t('content.crop.lead')}</Text>
      {!imageId ? (
        <ImagePicker onPick={(id) => setParams({ image: String(id) })} />
      ) : image.isPending ? (
        <Skeleton h={320} aria-label={t('app.loading')} />
      ) : image.isError ? (
        <Alert color="red" role="alert">
          {errorText(image.error)}
        </Alert>
      ) : (
        <Card withBorder>
          <Stack>
            <Group justify="space-between">
              <Text fw={500}>
                {t('content.crop.source', { id: image.data.id, width: image.data.width, height: image.data.height })}
              </Text>
              <Button variant="subtle" onClick={() => setParams({})}>
                {t('content.crop.another')}
              </Button>
            </Group>
            <RatioControl value={ratio} onChange={(v) => setRatio(v as CropRatio)} />
            <ImageCropper key={`${image.data.url}-${ratio}`} src={image.data.url} ratio={ratio} onChange={setRect} />
            {crop.error != null && (
              <Text size="sm" c="red" role="alert">
                {errorText(crop.error)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button
                leftSection={<IconCrop size={16} aria-hidden />}
                loading={crop.isPending}
                disabled={!rect}
                onClick={save}
              >
                {t('content.crop.saveNew')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
