import { Badge, Button, Group, Image, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  DIVISIONS,
  DIVISION_LABELS,
  POST_AUDIENCES,
  POST_KINDS,
  POST_STATES,
  PostInput,
  jakartaDate,
  toJakarta,
  type CropRect,
  type Post,
  type PostState,
} from '@mms/shared';
import { IconEye, IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { ClassSelect } from '../../../components/pickers.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { errorText } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api.ts';
import { dateText, displayLanguage } from '../../../lib/display.ts';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { PrintListButton } from '../../../components/print/print-list.tsx';
import { usePost, usePostAction, useSavePost, useUploadImage } from '../api.ts';
import { CropDialog } from '../components/crop-dialog.tsx';

const STATE_COLORS: Record<PostState, string> = { DRAFT: 'gray', SCHEDULED: 'blue', LIVE: 'green', ENDED: 'orange' };

/** An instant as Jakarta's wall clock shows it: 25/11/2026 07.00. */
export function instantText(iso: string | null): string {
  if (!iso) return '—';
  const j = toJakarta(new Date(iso));
  return `${dateText(j.date, 'short')} ${j.time.slice(0, 5)}`;
}

/** Date and time fields (Jakarta) ↔ an ISO instant with +07:00. */
const toInstant = (date: string, time: string) => (date ? `${date}T${time || '00:00'}:00+07:00` : null);
const splitInstant = (iso: string | null) => {
  if (!iso) return { date: '', time: '' };
  const j = toJakarta(new Date(iso));
  return { date: j.date, time: j.time.slice(0, 5) };
};

interface FormState {
  kind: (typeof POST_KINDS)[number];
  title: string;
  body: string;
  coverImageId: number | null;
  coverUrl: string | null;
  audience: (typeof POST_AUDIENCES)[number];
  audienceDivision: string | null;
  audienceClassId: number | null;
  publishDate: string;
  publishTime: string;
  unpublishDate: string;
  unpublishTime: string;
}

const emptyForm: FormState = {
  kind: 'ANNOUNCEMENT',
  title: '',
  body: '',
  coverImageId: null,
  coverUrl: null,
  audience: 'PUBLIC',
  audienceDivision: null,
  audienceClassId: null,
  publishDate: '',
  publishTime: '',
  unpublishDate: '',
  unpublishTime: '',
};

function formOf(post: Post): FormState {
  const p = splitInstant(post.publishAt);
  const u = splitInstant(post.unpublishAt);
  return {
    kind: post.kind,
    title: post.title,
    body: post.body,
    coverImageId: post.coverImageId,
    coverUrl: post.coverUrl,
    audience: post.audience,
    audienceDivision: post.audienceDivision,
    audienceClassId: post.audienceClassId,
    publishDate: p.date,
    publishTime: p.time,
    unpublishDate: u.date,
    unpublishTime: u.time,
  };
}

/** The post form (create or edit) in a dialog: title, rich text, 16:9 cover, audience, publish window. */
function PostForm({ initial, id, onDone }: { initial: FormState; id: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = displayLanguage();
  const [v, setV] = useState<FormState>(initial);
  const [errors, setErrors] = useFieldErrors(v as unknown as Record<string, unknown>);
  const [coverOpen, setCoverOpen] = useState(false);
  const save = useSavePost();
  const upload = useUploadImage();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setV((s) => ({ ...s, [key]: value }));

  const submit = () => {
    const body = {
      kind: v.kind,
      title: v.title,
      body: v.body,
      coverImageId: v.coverImageId,
      audience: v.audience,
      audienceDivision: v.audience === 'DIVISION' ? v.audienceDivision : null,
      audienceClassId: v.audience === 'CLASS' ? v.audienceClassId : null,
      publishAt: toInstant(v.publishDate, v.publishTime),
      unpublishAt: toInstant(v.unpublishDate, v.unpublishTime),
    };
    const parsed = PostInput.safeParse(body);
    if (!parsed.success) return setErrors(issueErrors(parsed.error));
    save.mutate(
      { id, body: parsed.data },
      {
        onSuccess: () => {
          notifyDone('saved', t('content.post'));
          onDone();
        },
        onError: (e) => {
          if (isApiError(e) && e.fields) setErrors(e.fields);
        },
      },
    );
  };

  const pickCover = (file: File, rect: CropRect | null) =>
    upload.mutate(
      { file, ratio: 'BANNER', rect },
      {
        onSuccess: (img) => {
          setV((s) => ({ ...s, coverImageId: img.id, coverUrl: img.url }));
          setCoverOpen(false);
        },
      },
    );

  return (
    <Stack>
      <Group grow align="flex-start">
        <Select
          label={t('content.posts.kind')}
          data={POST_KINDS.map((k) => ({ value: k, label: t(`content.kind.${k}`) }))}
          value={v.kind}
          onChange={(k) => k && set('kind', k as FormState['kind'])}
          allowDeselect={false}
          required
        />
        <Select
          label={t('content.posts.audience')}
          data={POST_AUDIENCES.map((a) => ({ value: a, label: t(`content.audience.${a}`) }))}
          value={v.audience}
          onChange={(a) => a && set('audience', a as FormState['audience'])}
          allowDeselect={false}
          required
          error={errors.audience}
        />
      </Group>
      {v.audience === 'DIVISION' && (
        <Select
          label={t('content.posts.division')}
          data={DIVISIONS.map((d) => ({ value: d, label: DIVISION_LABELS[d][lang] }))}
          value={v.audienceDivision}
          onChange={(d) => set('audienceDivision', d)}
          required
          error={errors.audienceDivision}
        />
      )}
      {v.audience === 'CLASS' && (
        <ClassSelect
          label={t('content.posts.class')}
          placeholder={t('content.posts.chooseClass')}
          value={v.audienceClassId}
          onChange={(c) => set('audienceClassId', c)}
          required
          w="100%"
          error={errors.audienceClassId}
        />
      )}
      <TextInput
        label={t('content.posts.title')}
        value={v.title}
        onChange={(e) => set('title', e.currentTarget.value)}
        required
        maxLength={200}
        error={errors.title}
      />
      <RichTextEditor
        label={t('content.posts.body')}
        value={v.body}
        onChange={(html) => set('body', html)}
        required
        error={errors.body}
        onUploadImage={async (file) => (await upload.mutateAsync({ file, ratio: null, rect: null })).url}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('content.posts.cover')}
        </Text>
        <Group>
          {v.coverUrl && (
            <Image src={v.coverUrl} alt={t('content.posts.coverAlt')} h={90} w={160} radius="sm" fit="cover" />
          )}
          <Button variant="light" onClick={() => setCoverOpen(true)}>
            {v.coverUrl ? t('content.posts.changeCover') : t('content.posts.chooseCover')}
          </Button>
          {v.coverUrl && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => setV((s) => ({ ...s, coverImageId: null, coverUrl: null }))}
            >
              {t('content.posts.removeCover')}
            </Button>
          )}
        </Group>
        {errors.coverImageId && (
          <Text size="sm" c="red">
            {errors.coverImageId}
          </Text>
        )}
      </div>
      <Group grow align="flex-start">
        <DateField
          label={t('content.posts.publishDate')}
          value={v.publishDate}
          onChange={(d) => set('publishDate', d)}
          clearable
          error={errors.publishAt}
        />
        <TextInput
          type="time"
          label={t('content.posts.publishTime')}
          value={v.publishTime}
          onChange={(e) => set('publishTime', e.currentTarget.value)}
        />
      </Group>
      <Group grow align="flex-start">
        <DateField
          label={t('content.posts.unpublishDate')}
          value={v.unpublishDate}
          onChange={(d) => set('unpublishDate', d)}
          clearable
          error={errors.unpublishAt}
        />
        <TextInput
          type="time"
          label={t('content.posts.unpublishTime')}
          value={v.unpublishTime}
          onChange={(e) => set('unpublishTime', e.currentTarget.value)}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('content.posts.windowHint')}
      </Text>
      {save.error != null &&
        !(isApiError(save.error) && save.error.fields && Object.keys(save.error.fields).length) && (
          <Text size="sm" c="red" role="alert">
            {errorText(save.error)}
          </Text>
        )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('dialog.cancel')}
        </Button>
        <Button loading={save.isPending} onClick={submit}>
          {t('content.posts.saveDraft')}
        </Button>
      </Group>
      <CropDialog
        opened={coverOpen}
        onClose={() => setCoverOpen(false)}
        title={t('content.posts.cover')}
        ratio="BANNER"
        onSave={pickCover}
        saving={upload.isPending}
        error={upload.error}
      />
    </Stack>
  );
}

function EditPost({ id, onDone }: { id: number; onDone: () => void }) {
  const post = usePost(id);
  const { t } = useTranslation();
  if (post.isPending) return <Text>{t('app.loading')}</Text>;
  if (post.isError) return <Text c="red">{errorText(post.error)}</Text>;
  return <PostForm id={id} initial={formOf(post.data)} onDone={onDone} />;
}

/** other-blog-upload: announcements and news (content.manage): list, filters, Excel, print, write, publish. */
export function BlogUploadPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [audience, setAudience] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const action = usePostAction();
  const filters = { kind: kind ?? undefined, audience: audience ?? undefined, state: state ?? undefined };
  const act = (id: number, a: 'publish' | 'unpublish') =>
    action.mutate({ id, action: a }, { onSuccess: () => notifyDone('saved', t('content.post')) });

  const columns: ListColumn<Post>[] = [
    { accessor: 'title', title: t('content.posts.title') },
    { accessor: 'kind', title: t('content.posts.kind'), render: (p) => t(`content.kind.${p.kind}`) },
    {
      accessor: 'audience',
      title: t('content.posts.audience'),
      render: (p) =>
        p.audience === 'DIVISION' && p.audienceDivision
          ? `${t('content.audience.DIVISION')}: ${DIVISION_LABELS[p.audienceDivision][displayLanguage()]}`
          : p.audience === 'CLASS'
            ? `${t('content.audience.CLASS')}: ${p.audienceClassName ?? ''}`
            : t(`content.audience.${p.audience}`),
    },
    {
      accessor: 'state',
      title: t('content.posts.state'),
      render: (p) => (
        <Badge color={STATE_COLORS[p.state]} variant="light">
          {t(`content.state.${p.state}`)}
        </Badge>
      ),
      exportValue: (p) => t(`content.state.${p.state}`),
    },
    { accessor: 'publishAt', title: t('content.posts.publishAt'), render: (p) => instantText(p.publishAt) },
    { accessor: 'unpublishAt', title: t('content.posts.unpublishAt'), render: (p) => instantText(p.unpublishAt) },
    { accessor: 'author', title: t('content.posts.author') },
    {
      accessor: 'updatedAt',
      title: t('content.posts.updatedAt'),
      render: (p) => dateText(jakartaDate(new Date(p.updatedAt)), 'short'),
    },
    rowActionsColumn((p: Post) => (
      <RowActions
        name={p.title}
        edit={() => setEditing(p.id)}
        actions={[
          ...(p.status === 'DRAFT'
            ? [
                {
                  label: t('content.posts.publish'),
                  icon: <IconPlayerPlay size={18} aria-hidden />,
                  color: 'green',
                  onClick: () => act(p.id, 'publish'),
                },
              ]
            : [
                {
                  label: t('content.posts.unpublish'),
                  icon: <IconPlayerPause size={18} aria-hidden />,
                  color: 'orange',
                  onClick: () => act(p.id, 'unpublish'),
                },
              ]),
          {
            label: t('content.posts.open'),
            icon: <IconEye size={18} aria-hidden />,
            onClick: () => window.open(`/posts/${p.id}`, '_blank', 'noopener'),
          },
        ]}
        remove={{
          title: t('content.posts.deleteTitle'),
          text: t('content.posts.deleteText', { title: p.title }),
          run: () => action.mutateAsync({ id: p.id, action: 'delete' }),
        }}
      />
    )),
  ];

  return (
    <Stack>
      <PageTitle
        actions={
          <Group>
            <PrintListButton<Post>
              path="/content/posts"
              filters={filters}
              title={t('content.posts.listTitle')}
              unitId={null}
              columns={columns}
            />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('content.posts.new')}
            </Button>
          </Group>
        }
      >
        {t('content.posts.listTitle')}
      </PageTitle>
      <DataList<Post>
        path="/content/posts"
        label={t('content.posts.listTitle')}
        exportName="pengumuman-berita"
        columns={columns}
        filters={filters}
        searchLabel={t('content.posts.search')}
        exportFilters={[
          ...(kind ? [[t('content.posts.kind'), t(`content.kind.${kind}`)] as const] : []),
          ...(audience ? [[t('content.posts.audience'), t(`content.audience.${audience}`)] as const] : []),
          ...(state ? [[t('content.posts.state'), t(`content.state.${state}`)] as const] : []),
        ]}
        filterControls={
          <>
            <Select
              label={t('content.posts.kind')}
              placeholder={t('content.posts.all')}
              data={POST_KINDS.map((k) => ({ value: k, label: t(`content.kind.${k}`) }))}
              value={kind}
              onChange={setKind}
              clearable
              w={{ base: '100%', sm: 180 }}
            />
            <Select
              label={t('content.posts.audience')}
              placeholder={t('content.posts.all')}
              data={POST_AUDIENCES.map((a) => ({ value: a, label: t(`content.audience.${a}`) }))}
              value={audience}
              onChange={setAudience}
              clearable
              w={{ base: '100%', sm: 200 }}
            />
            <Select
              label={t('content.posts.state')}
              placeholder={t('content.posts.all')}
              data={POST_STATES.map((s) => ({ value: s, label: t(`content.state.${s}`) }))}
              value={state}
              onChange={setState}
              clearable
              w={{ base: '100%', sm: 180 }}
            />
          </>
        }
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('content.posts.new') : t('content.posts.edit')}
        size="xl"
      >
        {editing === 'new' && <PostForm id={null} initial={emptyForm} onDone={() => setEditing(null)} />}
        {typeof editing === 'number' && <EditPost id={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Text size="sm" c="dimmed">
        <IconPencil size={14} aria-hidden /> {t('content.posts.lead')}
      </Text>
    </Stack>
  );
}
