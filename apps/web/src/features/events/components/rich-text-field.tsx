import { useLingui } from '@lingui/react/macro';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

/** Mantine's Tiptap editor as a form field holding HTML (the server sanitizes it again). */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  /** Marks the label with the asterisk of a required field. */
  required?: boolean;
}) {
  const { t } = useLingui();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: value,
    immediatelyRender: false,
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  });
  // A reset of the form (e.g. fresh data from the server) replaces the content.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} error={error} withAsterisk={required}>
      <RichTextEditor
        editor={editor}
        labels={{
          boldControlLabel: t`Negrita`,
          italicControlLabel: t`Cursiva`,
          underlineControlLabel: t`Subrayado`,
          strikeControlLabel: t`Tachado`,
          h2ControlLabel: t`Título`,
          h3ControlLabel: t`Subtítulo`,
          bulletListControlLabel: t`Lista`,
          orderedListControlLabel: t`Lista numerada`,
          blockquoteControlLabel: t`Cita`,
          linkControlLabel: t`Enlace`,
          unlinkControlLabel: t`Quitar enlace`,
          linkEditorInputLabel: t`Dirección del enlace`,
          linkEditorInputPlaceholder: 'https://',
          linkEditorSave: t`Guardar`,
        }}
        mt={4}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={180} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
