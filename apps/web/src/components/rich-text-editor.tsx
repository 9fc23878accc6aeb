// The rich-text editor of questions: Tiptap (ProseMirror) in Mantine's toolbar. It comes with the assessment
// chunk only, with KaTeX and the Arabic font of RichContent, so a formula and an Arabic line look the same here
// as in the preview, the paper and the exam page.
import '@mantine/tiptap/styles.css';
import { Button, FileButton, Group, Input, Modal, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor as Editor } from '@mantine/tiptap';
import { Extension, Mark, Node, type Editor as TiptapEditor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { useEditor } from '@tiptap/react';
import { Image } from '@tiptap/extension-image';
import { StarterKit } from '@tiptap/starter-kit';
import { IconLanguage, IconMathFunction, IconPhoto } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineMathHtml, provideMath, richContentClass } from '../lib/rich-content.tsx';
import { renderMath } from '../lib/rich-math.ts';

// the editor shows formulas as it writes them: KaTeX comes with its chunk
provideMath(renderMath);

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    richText: {
      toggleSubscript: () => ReturnType;
      toggleSuperscript: () => ReturnType;
      /** the paragraph(s) of the selection marked Arabic (right-to-left), or back to the page's language */
      toggleArabic: () => ReturnType;
      /** an inline formula at the selection (replacing a selected formula) */
      setMath: (latex: string) => ReturnType;
    };
  }
}

/** Sub- and superscript as small marks of our own (Tiptap's packages pin an older core). */
const scriptMark = (name: 'subscript' | 'superscript', tag: 'sub' | 'sup', other: string, key: string) =>
  Mark.create({
    name,
    excludes: other,
    parseHTML: () => [{ tag }],
    renderHTML: () => [tag, 0],
    addCommands() {
      const toggle =
        () =>
        ({ commands }: { commands: TiptapEditor['commands'] }) =>
          commands.toggleMark(name);
      return name === 'subscript' ? { toggleSubscript: toggle } : { toggleSuperscript: toggle };
    },
    addKeyboardShortcuts() {
      return { [key]: () => this.editor.commands.toggleMark(name) };
    },
  });

/** A paragraph's direction and language: `dir="rtl" lang="ar"` for Arabic (the text itself untouched). */
const ParagraphLanguage = Extension.create({
  name: 'paragraphLanguage',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph'],
        attributes: {
          dir: {
            default: null,
            parseHTML: (el) => (el.getAttribute('dir') === 'rtl' ? 'rtl' : null),
            renderHTML: (a) => (a.dir ? { dir: a.dir } : {}),
          },
          lang: {
            default: null,
            parseHTML: (el) => el.getAttribute('lang'),
            renderHTML: (a) => (a.lang ? { lang: a.lang } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      toggleArabic:
        () =>
        ({ editor, commands }) =>
          editor.isActive('paragraph', { lang: 'ar' })
            ? commands.updateAttributes('paragraph', { dir: null, lang: null })
            : commands.updateAttributes('paragraph', { dir: 'rtl', lang: 'ar' }),
    };
  },
});

/** An inline formula, kept as `<span data-latex="...">` and shown with KaTeX as RichContent shows it. */
const MathInline = Node.create({
  name: 'math',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      latex: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-latex') ?? '',
        renderHTML: (a) => ({ 'data-latex': a.latex }),
      },
    };
  },
  parseHTML: () => [{ tag: 'span[data-latex]' }],
  renderHTML: ({ HTMLAttributes }) => ['span', HTMLAttributes],
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      dom.contentEditable = 'false';
      dom.dataset.mathNode = '';
      dom.innerHTML = inlineMathHtml(String(node.attrs.latex));
      return { dom };
    };
  },
  addCommands() {
    return {
      setMath:
        (latex) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { latex } }),
    };
  },
});

const extensions = [
  StarterKit.configure({
    heading: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: false,
  }),
  scriptMark('subscript', 'sub', 'superscript', 'Mod-,'),
  scriptMark('superscript', 'sup', 'subscript', 'Mod-.'),
  ParagraphLanguage,
  MathInline,
  Image.configure({ allowBase64: false }),
];

/** The latex of the selected formula, if a formula is selected. */
function selectedLatex(editor: TiptapEditor): string | null {
  const { selection } = editor.state;
  return selection instanceof NodeSelection && selection.node.type.name === 'math'
    ? String(selection.node.attrs.latex)
    : null;
}

function MathDialog({
  latex,
  onClose,
  onSave,
}: {
  latex: string | null;
  onClose: () => void;
  onSave: (latex: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(latex ?? '');
  const preview = value.trim() ? inlineMathHtml(value.trim()) : '';
  return (
    <Modal opened onClose={onClose} title={t('qbank.editor.mathTitle')} size="md">
      <Stack gap="sm">
        <TextInput
          label={t('qbank.editor.latex')}
          description={t('qbank.editor.latexHint')}
          value={value}
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && value.trim()) {
              e.preventDefault();
              onSave(value.trim());
            }
          }}
        />
        <div>
          <Text size="sm" fw={500}>
            {t('qbank.editor.mathPreview')}
          </Text>
          <div data-math-preview="" aria-live="polite" dangerouslySetInnerHTML={{ __html: preview }} />
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('qbank.editor.cancel')}
          </Button>
          <Button disabled={!value.trim()} onClick={() => onSave(value.trim())}>
            {latex === null ? t('qbank.editor.insert') : t('qbank.editor.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface RichTextEditorProps {
  label: string;
  /** the rich text (HTML) shown; a value other than what the editor wrote replaces its content */
  value: string;
  /** the HTML written ('' when nothing is written) */
  onChange: (html: string) => void;
  required?: boolean;
  error?: string;
  /** uploads a picture and answers its address; without it there is no picture button */
  onUploadImage?: (file: File) => Promise<string>;
  /** a smaller editor for short texts */
  compact?: boolean;
}

/**
 * A field of rich text: bold, italic, underline, sub- and superscript, lists, formulas in LaTeX, Arabic
 * paragraphs and pictures. Writes the HTML the server's sanitizer keeps (`apps/server/src/lib/rich-text.ts`).
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  required,
  error,
  onUploadImage,
  compact,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const [math, setMath] = useState<{ latex: string | null } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        class: richContentClass,
        style: `min-height: ${compact ? 2.2 : 5}em`,
      },
      handleDoubleClickOn: (_view, _pos, node) => {
        if (node.type.name !== 'math') return false;
        setMath({ latex: String(node.attrs.latex) });
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // a value set from outside (a row removed above this one, a form reset) replaces what the editor shows
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? '' : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const upload = async (file: File | null) => {
    if (!file || !onUploadImage || !editor) return;
    setUploading(true);
    setUploadError(null);
    try {
      const src = await onUploadImage(file);
      editor.chain().focus().setImage({ src, alt: '' }).run();
    } catch (e) {
      setUploadError(e instanceof Error ? e.message : t('qbank.editor.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Input.Wrapper label={label} required={required} error={error ?? uploadError} errorProps={{ id: errorId }}>
      <Editor
        editor={editor}
        labels={{
          boldControlLabel: t('qbank.editor.bold'),
          italicControlLabel: t('qbank.editor.italic'),
          underlineControlLabel: t('qbank.editor.underline'),
          subscriptControlLabel: t('qbank.editor.subscript'),
          superscriptControlLabel: t('qbank.editor.superscript'),
          bulletListControlLabel: t('qbank.editor.bulletList'),
          orderedListControlLabel: t('qbank.editor.orderedList'),
        }}
      >
        <Editor.Toolbar role="toolbar" aria-label={t('qbank.editor.toolbar', { label })}>
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
            <Editor.Underline />
            <Editor.Subscript />
            <Editor.Superscript />
          </Editor.ControlsGroup>
          {!compact && (
            <Editor.ControlsGroup>
              <Editor.BulletList />
              <Editor.OrderedList />
            </Editor.ControlsGroup>
          )}
          <Editor.ControlsGroup>
            <Editor.Control
              aria-label={t('qbank.editor.math')}
              title={t('qbank.editor.math')}
              active={!!editor && editor.isActive('math')}
              onClick={() => editor && setMath({ latex: selectedLatex(editor) })}
            >
              <IconMathFunction size={16} aria-hidden />
            </Editor.Control>
            <Editor.Control
              aria-label={t('qbank.editor.arabic')}
              title={t('qbank.editor.arabic')}
              active={!!editor && editor.isActive('paragraph', { lang: 'ar' })}
              onClick={() => editor?.chain().focus().toggleArabic().run()}
            >
              <IconLanguage size={16} aria-hidden />
            </Editor.Control>
            {onUploadImage && (
              <FileButton accept="image/png,image/jpeg" onChange={(f) => void upload(f)}>
                {(props) => (
                  <Editor.Control
                    {...props}
                    aria-label={t('qbank.editor.image')}
                    title={t('qbank.editor.image')}
                    disabled={uploading}
                  >
                    <IconPhoto size={16} aria-hidden />
                  </Editor.Control>
                )}
              </FileButton>
            )}
          </Editor.ControlsGroup>
        </Editor.Toolbar>
        <Editor.Content />
      </Editor>
      {math && (
        <MathDialog
          latex={math.latex}
          onClose={() => {
            setMath(null);
            editor?.commands.focus();
          }}
          onSave={(latex) => {
            setMath(null);
            editor?.chain().focus().setMath(latex).run();
          }}
        />
      )}
    </Input.Wrapper>
  );
}
