import { createRoot } from 'react-dom/client';
import { App } from '../../ui/feed/App';
import '../../ui/styles.css';
import '../../ui/feed/feed.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
