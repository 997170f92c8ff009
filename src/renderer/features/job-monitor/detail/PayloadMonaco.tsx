import { useEffect, useRef } from 'react';
import { monaco } from '../../../ui/monaco/monaco-api';
import { selectEffectiveTheme, useAppStore } from '../../../state/app/store';
import { installMonacoEnvironment } from '../../../ui/monaco/environment';

installMonacoEnvironment();

/**
 * A read-only Monaco view of one payload. Its model URI is outside the editor's payload prefix,
 * so the editor's schema and markers (meant for drafts) never apply to it.
 */
export default function PayloadMonaco({ text, jobId }: { text: string; jobId: number }) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const theme = useAppStore(selectEffectiveTheme);

  useEffect(() => {
    if (!host.current) return;
    const editor = monaco.editor.create(host.current, {
      model: null,
      readOnly: true,
      domReadOnly: true,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      renderWhitespace: 'none',
      ariaLabel: `Payload of job ${jobId}, read-only`,
    });
    editorRef.current = editor;
    return () => {
      editor.getModel()?.dispose();
      editor.dispose();
    };
  }, [jobId]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const uri = monaco.Uri.parse(`inmemory://job-payload/${jobId}.yaml`);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, 'yaml', uri);
    if (model.getValue() !== text) model.setValue(text);
    editor.setModel(model);
  }, [text, jobId]);

  useEffect(() => {
    monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs');
  }, [theme]);

  return <div ref={host} className="jm-monaco" data-testid="payload-view" />;
}
