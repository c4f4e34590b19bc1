(() => {
  const $ = (id) => document.getElementById(id);
  const post = (url, body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  function toast(message) {
    const t = $('toast');
    t.textContent = message;
    t.classList.add('show');
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { t.classList.remove('show'); t.textContent = ''; }, 3000);
  }

  // Infinite scroll: ten posts at a time, up to the end of the feed.
  let offset = 0, loading = false, done = false;
  async function more() {
    if (loading || done) return;
    loading = true;
    const data = await (await fetch('/feed/api/items?offset=' + offset)).json();
    for (const item of data.items) {
      const article = document.createElement('article');
      article.className = 'post';
      article.innerHTML = '<h3></h3><p></p>';
      article.querySelector('h3').textContent = item.title;
      article.querySelector('p').textContent = item.body;
      const like = document.createElement('button');
      like.type = 'button';
      like.textContent = 'Like';
      like.setAttribute('aria-pressed', String(item.liked));
      like.setAttribute('aria-label', 'Like ' + item.title);
      like.addEventListener('click', async () => {
        const liked = like.getAttribute('aria-pressed') !== 'true';
        await post('/feed/api/like', { id: item.id, liked });
        like.setAttribute('aria-pressed', String(liked));
      });
      article.append(like);
      $('posts').append(article);
    }
    offset += data.items.length;
    done = !data.more;
    $('feed-status').textContent = done ? `You reached the end: ${offset} posts.` : `Showing ${offset} posts. Scroll for more.`;
    loading = false;
  }
  new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) more(); }, { rootMargin: '200px' }).observe($('sentinel'));

  // Settings modal.
  const backdrop = $('settings-backdrop');
  $('open-settings').addEventListener('click', async () => {
    const s = await (await fetch('/feed/api/settings')).json();
    $('dark').checked = s.darkMode; $('notify').checked = s.notifications; $('digest').value = s.digest;
    backdrop.hidden = false;
    $('dark').focus();
  });
  $('cancel-settings').addEventListener('click', () => { backdrop.hidden = true; });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && !backdrop.hidden) backdrop.hidden = true; });
  $('settings').addEventListener('submit', async (e) => {
    e.preventDefault();
    await post('/feed/api/settings', { darkMode: $('dark').checked, notifications: $('notify').checked, digest: $('digest').value });
    backdrop.hidden = true;
    toast('Settings saved.');
  });

  // A div-based listbox: opens on click or Enter/Space/ArrowDown, arrows move, Enter picks.
  const combo = $('fruit'), list = $('fruit-list');
  const options = [...list.querySelectorAll('[role=option]')];
  let active = -1;
  function open(show) {
    list.hidden = !show;
    combo.setAttribute('aria-expanded', String(show));
    if (!show) { combo.removeAttribute('aria-activedescendant'); options.forEach((o) => o.classList.remove('active')); active = -1; }
  }
  function highlight(i) {
    active = (i + options.length) % options.length;
    options.forEach((o, n) => o.classList.toggle('active', n === active));
    combo.setAttribute('aria-activedescendant', options[active].id);
  }
  async function choose(option) {
    options.forEach((o) => o.setAttribute('aria-selected', String(o === option)));
    combo.textContent = option.textContent;
    open(false);
    await post('/feed/api/fruit', { fruit: option.textContent });
    $('fruit-status').textContent = `Saved: ${option.textContent}.`;
  }
  combo.addEventListener('click', () => open(list.hidden));
  combo.addEventListener('keydown', (e) => {
    if (list.hidden && ['Enter', ' ', 'ArrowDown'].includes(e.key)) { e.preventDefault(); open(true); highlight(0); return; }
    if (list.hidden) return;
    if (e.key === 'ArrowDown') { e.preventDefault(); highlight(active + 1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); highlight(active - 1); }
    else if (e.key === 'Enter' && active >= 0) { e.preventDefault(); choose(options[active]); }
    else if (e.key === 'Escape') open(false);
  });
  options.forEach((o) => o.addEventListener('click', () => choose(o)));
  document.addEventListener('click', (e) => { if (!e.target.closest('.combo')) open(false); });

  // Drag-and-drop reordering (HTML5 drag events), saved on every drop.
  async function renderTasks() {
    const order = await (await fetch('/feed/api/order')).json();
    const ul = $('tasks');
    ul.replaceChildren();
    for (const name of order) {
      const li = document.createElement('li');
      li.draggable = true;
      li.textContent = name;
      li.addEventListener('dragstart', (e) => { e.dataTransfer.setData('text/plain', name); e.dataTransfer.effectAllowed = 'move'; });
      li.addEventListener('dragover', (e) => { e.preventDefault(); li.classList.add('over'); });
      li.addEventListener('dragleave', () => li.classList.remove('over'));
      li.addEventListener('drop', async (e) => {
        e.preventDefault();
        li.classList.remove('over');
        const moved = e.dataTransfer.getData('text/plain');
        if (!moved || moved === name) return;
        const next = order.filter((n) => n !== moved);
        next.splice(next.indexOf(name), 0, moved);
        await post('/feed/api/order', { order: next });
        $('tasks-status').textContent = `Moved “${moved}”.`;
        renderTasks();
      });
      ul.append(li);
    }
  }
  renderTasks();

  // A button that opens the file chooser of a hidden input, as many sites do.
  $('photo-button').addEventListener('click', () => $('photo').click());
  $('photo').addEventListener('change', async () => {
    const file = $('photo').files[0];
    if (!file) return;
    const r = await fetch('/feed/api/upload', { method: 'POST', headers: { 'x-file-name': encodeURIComponent(file.name), 'content-type': file.type || 'application/octet-stream' }, body: file });
    $('photo-status').textContent = r.ok ? `Added ${file.name}.` : 'Upload failed.';
  });

  // Upload: the raw file goes to the server, which records its name, size and text.
  $('upload').addEventListener('submit', async (e) => {
    e.preventDefault();
    const file = $('file').files[0];
    if (!file) { $('upload-status').textContent = 'Choose a file first.'; return; }
    const r = await fetch('/feed/api/upload', { method: 'POST', headers: { 'x-file-name': encodeURIComponent(file.name), 'content-type': file.type || 'application/octet-stream' }, body: file });
    $('upload-status').textContent = r.ok ? `Uploaded ${file.name} (${file.size} bytes).` : (await r.json()).error;
  });
})();
