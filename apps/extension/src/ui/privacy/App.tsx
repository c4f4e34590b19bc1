import { useEffect, useState } from 'react';
import { Markdown } from '../markdown';

// The privacy policy, inside the extension (linked from the welcome page and Options): the
// repository's PRIVACY.md, which the build puts in the extension as privacy.md — one text,
// so the store listing's link and this page say the same.

export function App() {
  const [policy, setPolicy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    fetch(chrome.runtime.getURL('/privacy.md'))
      .then((response) => response.text())
      .then(setPolicy)
      .catch((error: unknown) => setProblem(`The privacy policy could not be read: ${String(error)}`));
  }, []);
  return (
    <main className="page privacy">
      {policy !== null && <Markdown text={policy} document />}
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </main>
  );
}
