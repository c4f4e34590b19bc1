import { CircleAlert, CircleCheck, LoaderCircle, Mic } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DENIED_GUIDANCE, micFailure, micPermission } from '../../lib/voice/mic';

// The microphone page: Chrome cannot show its permission prompt in a side panel, so the
// panel opens this page in a tab to ask once. Allowed here, the panel may listen from then
// on (the permission belongs to the extension, not to a page).

type State = 'idle' | 'asking' | 'granted' | { problem: string };

export function App() {
  const [state, setState] = useState<State>('idle');

  useEffect(() => {
    void micPermission().then((permission) => {
      if (permission === 'granted') setState('granted');
      else if (permission === 'denied') setState({ problem: DENIED_GUIDANCE });
    });
  }, []);

  const allow = async () => {
    setState('asking');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      for (const track of stream.getTracks()) track.stop();
      setState('granted');
    } catch (error) {
      setState({ problem: (await micFailure(error)).message });
    }
  };

  return (
    <main className="page narrow">
      <h1 className="with-icon">
        <Mic size={22} aria-hidden="true" /> Let Wayfinder hear you
      </h1>
      <p>
        Push-to-talk in the side panel uses your microphone only while you hold the button (or until you press it again). What you say goes
        only to the transcription service you chose in Options, or stays in the browser.
      </p>
      {state === 'granted' ? (
        <p className="outcome ok" role="status">
          <CircleCheck size={16} aria-hidden="true" />
          <span>The microphone is allowed. Close this tab and press the microphone button in the side panel.</span>
        </p>
      ) : (
        <button type="button" className="primary" onClick={() => void allow()} disabled={state === 'asking'}>
          {state === 'asking' ? <LoaderCircle size={16} className="spin" aria-hidden="true" /> : <Mic size={16} aria-hidden="true" />}
          Allow the microphone
        </button>
      )}
      {typeof state === 'object' && (
        <p className="outcome bad" role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          <span>{state.problem}</span>
        </p>
      )}
    </main>
  );
}
