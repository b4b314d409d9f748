// actionguard approval page. Plain JavaScript, no dependencies: the page
// talks to the same server's /v1 API with a session cookie (HttpOnly) and a
// CSRF token kept in memory only.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);

  // ---- DOM helpers (text only: nothing from the server becomes HTML) ----
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    setAttrs(el, attrs);
    append(el, children);
    return el;
  }
  const SVGNS = 'http://www.w3.org/2000/svg';
  function s(tag, attrs, ...children) {
    const el = document.createElementNS(SVGNS, tag);
    setAttrs(el, attrs);
    append(el, children);
    return el;
  }
  function setAttrs(el, attrs) {
    if (!attrs) return;
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
      else if (k === 'text') el.textContent = v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  function append(el, children) {
    for (const c of children.flat()) {
      if (c === undefined || c === null || c === false) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
  }
  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }

  // ---- State ----
  const state = {
    csrf: '',
    name: '',
    auth: true,
    view: 'approvals',
    approvals: new Map(), // id → request
    selected: '',
    group: '', // the key of the group of requests under review together, if any
    unticked: new Set(), // ids of that group left out of its decision
    showAll: false,
    fresh: new Set(),
    busy: false,
    countdown: null, // {id, end, timer}
    declined: new Set(), // ids whose countdown the person stopped
    audit: { filters: {}, next: 0, rows: [] },
    range: { since: '24h', bucket: '1h' },
    events: null,
  };

  const AUTO_CONFIRM_MS = 5000;

  // ---- API ----
  class APIError extends Error {
    constructor(status, body) {
      super((body && body.error) || ('HTTP ' + status));
      this.status = status;
      this.hint = body && body.hint;
    }
  }
  async function api(method, path, body) {
    const headers = { 'Accept': 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET' && state.csrf) headers['X-CSRF-Token'] = state.csrf;
    let res;
    try {
      res = await fetch(path, {
        method, headers, credentials: 'same-origin', cache: 'no-store',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      throw new APIError(0, { error: 'the server cannot be reached', hint: 'check that actionguard serve is running' });
    }
    if (res.status === 204) return null;
    let data = null;
    const type = res.headers.get('Content-Type') || '';
    if (type.includes('application/json')) data = await res.json().catch(() => null);
    if (!res.ok) {
      if (res.status === 401 && !path.startsWith('/v1/session')) showLogin('Your session ended. Sign in again.');
      throw new APIError(res.status, data);
    }
    return data;
  }

  // ---- Toasts ----
  function toast(message, kind = 'info', hint) {
    const box = $('toasts');
    const close = h('button', { type: 'button', 'aria-label': 'Dismiss', text: '×' });
    const t = h('div', { class: 'toast ' + kind, role: kind === 'error' ? 'alert' : 'status' },
      h('p', null, message, hint ? h('br') : null, hint ? h('span', { class: 'small', text: hint }) : null), close);
    const remove = () => t.remove();
    close.addEventListener('click', remove);
    box.append(t);
    setTimeout(remove, kind === 'error' ? 8000 : 4000);
    while (box.children.length > 4) box.firstChild.remove();
  }
  function fail(e, what) {
    if (e instanceof APIError && e.status === 401) return;
    toast((what ? what + ': ' : '') + e.message, 'error', e.hint);
  }

  // ---- Formatting ----
  const levelOfVerdict = { allow: 'safe', notify: 'safe', confirm: 'cautious', approve: 'privileged', block: 'dangerous' };
  function levelOf(req) {
    const d = req.decision || {};
    return d.level || levelOfVerdict[d.verdict] || 'privileged';
  }
  function relTime(iso) {
    const t = new Date(iso).getTime();
    if (!t) return '';
    const sec = Math.round((Date.now() - t) / 1000);
    const abs = Math.abs(sec);
    const fmt = (n, u) => n + ' ' + u + (n === 1 ? '' : 's');
    let txt;
    if (abs < 45) txt = 'just now';
    else if (abs < 3600) txt = fmt(Math.round(abs / 60), 'min');
    else if (abs < 86400) txt = fmt(Math.round(abs / 3600), 'hour');
    else txt = fmt(Math.round(abs / 86400), 'day');
    if (txt === 'just now') return txt;
    return sec >= 0 ? txt + ' ago' : 'in ' + txt;
  }
  function absTime(iso) {
    const d = new Date(iso);
    return isNaN(d) ? '' : d.toLocaleString();
  }
  function riskbar(risk, level) {
    const bar = h('div', { class: 'riskbar lvl-' + level, title: 'Risk ' + risk + '/10' });
    for (let i = 0; i < 10; i++) bar.append(h('span', { class: i < risk ? 'on' : '' }));
    return bar;
  }
  function parseAction(raw) {
    if (!raw) return {};
    if (typeof raw === 'string') {
      try { return JSON.parse(raw); } catch (e) { return { text: raw }; }
    }
    return raw;
  }
  function show(v) {
    if (v === null || v === undefined) return '';
    if (typeof v === 'string') return v;
    return JSON.stringify(v, null, 2);
  }
  function cut(str, n) { str = String(str || ''); return str.length > n ? str.slice(0, n - 1) + '…' : str; }
  function oneLine(str) { return String(str || '').replace(/\s+/g, ' ').trim(); }

  // What an action does, in a line: the field a person recognises first.
  const headlineKeys = ['command', 'query', 'file_path', 'path', 'url', 'to', 'recipient', 'subject', 'amount', 'content', 'text', 'message', 'body'];
  function headline(act) {
    const input = act.input || {};
    for (const k of headlineKeys) {
      if (input[k] !== undefined && input[k] !== '') return oneLine(show(input[k]));
    }
    if (act.text) return oneLine(act.text);
    const keys = Object.keys(input);
    return keys.length ? oneLine(keys[0] + ': ' + show(input[keys[0]])) : '';
  }

  // The parameters a person must see before saying yes (seed 003: recipient,
  // amount, content), first and emphasised; then the rest.
  const previewGroups = [
    { label: 'recipient', keys: ['to', 'recipient', 'recipients', 'email', 'cc', 'bcc', 'channel', 'payee', 'account', 'iban', 'destination', 'address', 'phone', 'username'], key: true },
    { label: 'amount', keys: ['amount', 'value', 'sum', 'price', 'quantity', 'currency'], key: true },
    { label: 'content', keys: ['subject', 'title', 'body', 'content', 'message', 'text', 'post', 'new_string', 'old_string'] },
    { label: 'target', keys: ['command', 'query', 'sql', 'file_path', 'path', 'url', 'method'], mono: true },
  ];
  function summaryOf(act, req) {
    const tool = (req.decision && req.decision.tool) || act.tool || 'a tool';
    const input = act.input || {};
    const kind = act.kind || '';
    const to = input.to || input.recipient || input.recipients || input.payee || input.channel;
    const amount = input.amount !== undefined ? [input.amount, input.currency].filter(Boolean).join(' ') : '';
    if (input.command) return 'Run a shell command with ' + tool;
    if (input.query || input.sql) return 'Run an SQL statement with ' + tool;
    if (amount && to) return 'Pay ' + amount + ' to ' + show(to);
    if (amount) return 'Move ' + amount + ' with ' + tool;
    if (to) return 'Send ' + (kind === 'email' || input.subject ? 'an email' : 'a message') + ' to ' + show(to);
    if (input.file_path || input.path) return (/write|edit/i.test(tool) ? 'Change the file ' : 'Use the file ') + show(input.file_path || input.path);
    if (input.url) return 'Request ' + show(input.url);
    if (act.text) return 'Do what was asked: “' + cut(oneLine(act.text), 140) + '”';
    return 'Call ' + tool;
  }
  function renderPreview(dl, act) {
    clear(dl);
    const input = Object.assign({}, act.input || {});
    let rows = 0;
    for (const g of previewGroups) {
      for (const k of g.keys) {
        if (input[k] === undefined) continue;
        dl.append(h('dt', { text: k.replace(/_/g, ' ') }), h('dd', { class: (g.key ? 'key ' : '') + (g.mono ? 'mono' : ''), text: show(input[k]) }));
        delete input[k];
        rows++;
      }
    }
    // Every other argument, however many: what is not shown is not read.
    for (const [k, v] of argumentsOf(input)) {
      dl.append(h('dt', { class: 'arg', text: k }), h('dd', { class: 'mono', text: cut(v, 4000) }));
      rows++;
    }
    if (act.text) { dl.append(h('dt', { text: 'request' }), h('dd', { text: act.text })); rows++; }
    const ctx = act.context || {};
    if (ctx.cwd || ctx.environment) { renderWhere(dl, act); rows++; }
    dl.hidden = rows === 0;
  }

  // The parameters as the server describes them (approval.Describe: the
  // same words as the request file), then every argument of the call the
  // description did not already show (a tool call's path, URL, recipient,
  // amount… whatever its name), then where the agent runs.
  function renderParams(dl, params, act) {
    clear(dl);
    const shown = new Set();
    for (const p of params) {
      dl.append(h('dt', { text: p.name }), h('dd', { class: p.code ? 'mono' : 'key', text: p.value }));
      shown.add(String(p.value).trim());
    }
    for (const [name, value] of argumentsOf(act.input)) {
      if (shown.has(value.trim())) continue;
      dl.append(h('dt', { class: 'arg', text: name }), h('dd', { class: 'mono', text: cut(value, 4000) }));
    }
    renderWhere(dl, act);
    dl.hidden = false;
  }
  // argumentsOf flattens a call's input into [name, text] pairs: scalars as
  // they are, objects one level down ("message.to"), lists of scalars
  // joined, anything deeper as JSON. Nothing is dropped.
  function argumentsOf(input) {
    const out = [];
    const scalar = (v) => v === null || typeof v !== 'object';
    const text = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
    const add = (name, v) => {
      if (scalar(v)) out.push([name, text(v)]);
      else if (Array.isArray(v) && v.every(scalar)) out.push([name, v.map(text).join(', ')]);
      else out.push([name, JSON.stringify(v, null, 2)]);
    };
    if (!input || typeof input !== 'object') return out;
    for (const [k, v] of Object.entries(input)) {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const inner = Object.entries(v);
        if (!inner.length) add(k, v);
        for (const [k2, v2] of inner) add(k + '.' + k2, v2);
      } else add(k, v);
    }
    return out;
  }
  // renderWhere says where the agent runs. For a tool call that is the
  // directory of the program that asked (an MCP proxy's, say), not a path
  // the call touches, and it is named so.
  function renderWhere(dl, act) {
    const ctx = act.context || {};
    const input = act.input || {};
    const shell = act.kind === 'shell' || typeof input.command === 'string';
    if (ctx.cwd) dl.append(h('dt', { text: shell ? 'directory' : 'agent runs in' }), h('dd', { class: 'mono muted', text: ctx.cwd }));
    if (ctx.environment) dl.append(h('dt', { text: 'environment' }), h('dd', { class: 'key', text: ctx.environment }));
  }

  // ---- Approvals ----
  function sortedApprovals() {
    const list = [...state.approvals.values()];
    const visible = state.showAll ? list : list.filter((r) => r.status === 'pending');
    return visible.sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
  }
  function pendingCount() {
    let n = 0;
    for (const r of state.approvals.values()) if (r.status === 'pending') n++;
    return n;
  }
  async function loadApprovals() {
    const data = await api('GET', '/v1/approvals' + (state.showAll ? '?all=1' : ''));
    state.approvals.clear();
    for (const r of data.approvals) state.approvals.set(r.id, r);
    renderQueue();
  }
  function renderQueue() {
    renderGroups();
    const list = $('queue-list');
    const items = sortedApprovals();
    clear(list);
    for (const r of items) {
      const level = levelOf(r);
      const act = parseAction(r.action);
      const d = r.decision || {};
      const li = h('li', {
        class: 'queue-item' + (r.status !== 'pending' ? ' decided' : '') + (state.fresh.has(r.id) ? ' fresh' : ''),
        role: 'option', tabindex: '0', 'data-id': r.id, 'aria-selected': String(!state.group && r.id === state.selected),
        onclick: () => select(r.id),
        onkeydown: (e) => { if (e.key === 'Enter') select(r.id); },
      },
      h('div', { class: 'stripe lvl-' + level }),
      h('div', null,
        h('div', { class: 'qi-top' },
          h('span', { class: 'qi-tool', text: d.tool || act.tool || 'tool' }),
          h('span', { class: 'qi-time', title: absTime(r.created), text: relTime(r.created) })),
        h('div', { class: 'qi-what', text: cut(headline(act) || d.reason, 120) }),
        h('div', { class: 'qi-bottom' },
          h('span', { class: 'pill lvl-' + level, text: level }),
          riskbar(d.risk || 0, level),
          anomaliesOf(r).length ? h('span', { class: 'qi-warn', title: anomaliesOf(r).join('\n'), text: '⚠ unusual' }) : null,
          r.status !== 'pending' ? h('span', { class: 'status ' + r.status, text: r.status }) : null)));
      list.append(li);
    }
    state.fresh.clear();
    $('queue-empty').hidden = items.length > 0;
    const n = pendingCount();
    $('pending-count').textContent = String(n);
    $('pending-count').hidden = n === 0;
    document.title = (n ? '(' + n + ') ' : '') + 'actionguard · approvals';
    // Nothing is opened for the person: a request is shown once they pick
    // it (signing in, or deciding one, selects nothing), so a CAUTIOUS
    // request never starts its countdown unseen.
    if (state.selected && !state.approvals.has(state.selected)) {
      state.selected = '';
      syncURL();
    }
    renderDetail();
  }
  function syncURL() {
    const path = state.selected && !state.group ? '/approvals/' + encodeURIComponent(state.selected) : '/';
    if (location.pathname !== path) history.replaceState(null, '', path);
  }
  function select(id) {
    if (state.selected !== id) $('note').value = '';
    state.selected = id;
    if (state.group) { state.group = ''; renderGroups(); }
    syncURL();
    for (const el of $('queue-list').children) el.setAttribute('aria-selected', String(el.dataset.id === id));
    renderDetail();
  }
  function moveSelection(delta) {
    const items = sortedApprovals();
    if (!items.length) return;
    let i = items.findIndex((r) => r.id === state.selected);
    i = Math.max(0, Math.min(items.length - 1, i + delta));
    select(items[i].id);
    const el = $('queue-list').querySelector('[data-id="' + CSS.escape(items[i].id) + '"]');
    if (el) el.scrollIntoView({ block: 'nearest' });
  }
  function renderDetail() {
    const g = state.group ? pendingGroups().find((x) => x.key === state.group) : null;
    $('group-body').hidden = !g;
    if (g) {
      $('detail-empty').hidden = true;
      $('detail-body').hidden = true;
      stopCountdown();
      renderGroup(g);
      return;
    }
    const r = state.approvals.get(state.selected);
    $('detail-empty').hidden = !!r;
    $('detail-body').hidden = !r;
    if (!r) { stopCountdown(); return; }
    const d = r.decision || {};
    const level = levelOf(r);
    const act = parseAction(r.action);
    const body = $('detail-body');
    body.className = 'lvl-' + level;
    const pill = $('d-level');
    pill.className = 'pill lvl-' + level;
    pill.textContent = level;
    const st = $('d-status');
    st.className = 'status ' + r.status;
    st.textContent = r.status === 'pending' ? (d.verdict === 'confirm' ? 'soft approval' : 'explicit approval') : r.status;
    $('d-id').textContent = r.id;
    const desc = r.description || {};
    // The headline is Markdown with `code` spans: shown as code, in full
    // (it wraps; the server already bounds its quotes).
    const title = $('d-title');
    clear(title);
    append(title, withCode(desc.headline || cut(headline(act), 300) || d.tool || 'Action'));
    const meta = [d.tool || act.tool, d.agent ? 'by ' + d.agent : '', d.session_id ? 'session ' + d.session_id : '',
      'opened ' + relTime(r.created), r.status === 'pending' ? 'expires ' + relTime(r.expires) : ''].filter(Boolean);
    $('d-meta').textContent = meta.join(' · ');
    $('d-risk').textContent = String(d.risk || 0);
    const rb = $('d-riskbar');
    rb.replaceWith(Object.assign(riskbar(d.risk || 0, level), { id: 'd-riskbar' }));
    $('d-reason').textContent = d.reason || '';
    const unusual = anomaliesOf(r);
    const al = $('d-anomaly-list');
    clear(al);
    for (const line of unusual) al.append(h('li', { text: line }));
    $('d-anomalies').hidden = unusual.length === 0;
    $('d-summary').textContent = desc.headline ? '' : summaryOf(act, r);
    $('d-summary').hidden = !!desc.headline;
    if (desc.params && desc.params.length) renderParams($('d-preview'), desc.params, act);
    else renderPreview($('d-preview'), act);
    const impacts = $('d-impacts');
    clear(impacts);
    for (const line of desc.impacts || []) impacts.append(h('li', { text: line }));
    $('d-impacts-wrap').hidden = !(desc.impacts && desc.impacts.length);
    const rules = $('d-rules');
    clear(rules);
    const findings = d.findings && d.findings.length ? d.findings : (d.rules || []).map((id) => ({ rule: id }));
    for (const f of findings) {
      rules.append(h('li', { class: 'finding' }, h('span', { class: 'chip', text: f.rule }), h('span', { text: f.message || '' })));
    }
    $('d-why-wrap').hidden = !findings.length && !d.alternative;
    $('d-alternative').hidden = !d.alternative;
    $('d-alternative').textContent = d.alternative ? 'Safer: ' + d.alternative : '';
    $('d-raw').textContent = JSON.stringify(act, null, 2);

    const pending = r.status === 'pending';
    $('decide').hidden = !pending;
    $('decided').hidden = pending;
    if (!pending) {
      const who = r.decided_by ? ' by ' + r.decided_by : '';
      const when = r.decided_at ? ' ' + relTime(r.decided_at) : '';
      let txt = r.status.charAt(0).toUpperCase() + r.status.slice(1) + who + when + '.';
      if (r.note) txt += ' Note: ' + r.note;
      if (r.used_at) txt += ' The action ran ' + relTime(r.used_at) + '.';
      $('decided').textContent = txt;
    }
    syncCountdown(r);
  }

  // What was unusual when the agent asked (seed 000's anomalies).
  function anomaliesOf(r) {
    const desc = r.description || {};
    if (desc.anomalies && desc.anomalies.length) return desc.anomalies;
    return (r.decision && r.decision.anomalies) || [];
  }

  // ---- Batch review: pending requests of the same kind (approval.Groups) ----
  function pendingGroups() {
    const byKey = new Map();
    const pending = [...state.approvals.values()].filter((r) => r.status === 'pending' && r.batch && r.batch.key)
      .sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
    // The server's kinds already differ by level; the page splits by level
    // too, so that one "Approve all" never holds two levels.
    for (const r of pending) {
      const level = levelOf(r);
      const key = r.batch.key + '/' + level;
      if (!byKey.has(key)) byKey.set(key, { key, batchKey: r.batch.key, many: r.batch.many, items: [] });
      byKey.get(key).items.push(r);
    }
    const out = [];
    for (const g of byKey.values()) {
      if (g.items.length < 2) continue;
      g.title = g.items.length + ' ' + plain(g.many);
      g.level = levelOf(g.items[0]);
      g.dangerous = g.items.some((r) => levelOf(r) === 'dangerous');
      out.push(g);
    }
    return out;
  }
  function renderGroups() {
    const groups = pendingGroups();
    if (state.group && !groups.some((g) => g.key === state.group)) { state.group = ''; state.unticked.clear(); }
    const list = $('group-list');
    clear(list);
    for (const g of groups) {
      list.append(h('li', null, h('button', {
        type: 'button', class: 'group-item', 'data-key': g.key, 'aria-pressed': String(g.key === state.group),
        title: 'Review ' + g.title + ' together',
        onclick: () => selectGroup(g.key),
      },
      h('span', { class: 'stripe lvl-' + g.level }),
      h('span', { class: 'gi-count', text: String(g.items.length) }),
      h('span', { class: 'gi-title', text: 'Review together: ' + plain(g.many) }),
      g.dangerous ? h('span', { class: 'pill lvl-dangerous', text: 'dangerous' }) : null)));
    }
    $('groups').hidden = groups.length === 0;
  }
  function selectGroup(key) {
    if (state.group !== key) { state.unticked.clear(); $('g-note').value = ''; }
    state.group = key;
    pauseCountdown();
    renderGroups();
    for (const el of $('queue-list').children) el.setAttribute('aria-selected', 'false');
    syncURL();
    renderDetail();
  }
  // withCode turns the `code` spans of a headline (approval.Describe's
  // Markdown) into code elements; everything stays text.
  // A lone backtick (unbalanced) is dropped rather than shown.
  function withCode(str) {
    const parts = String(str || '').split('`');
    if (parts.length % 2 === 0) return [plain(str)];
    return parts.map((p, i) => (i % 2 ? h('code', { text: p }) : p)).filter((p) => p !== '');
  }
  // plain is a headline's Markdown as text: its backticks stripped.
  function plain(str) { return String(str || '').replace(/`/g, ''); }
  function tickedOf(g) { return g.items.filter((r) => !state.unticked.has(r.id)); }
  function renderGroup(g) {
    const pill = $('g-level');
    pill.className = 'pill lvl-' + g.level;
    pill.textContent = g.level;
    $('g-key').textContent = g.batchKey;
    $('g-title').textContent = g.title;
    $('g-dangerous').hidden = !g.dangerous;
    const list = $('g-list');
    clear(list);
    for (const r of g.items) {
      const d = r.decision || {};
      const level = levelOf(r);
      const act = parseAction(r.action);
      const ticked = !state.unticked.has(r.id);
      const box = h('input', { type: 'checkbox', 'aria-label': 'Include ' + r.id, 'data-id': r.id });
      box.checked = ticked;
      box.addEventListener('change', () => {
        if (box.checked) state.unticked.delete(r.id); else state.unticked.add(r.id);
        renderGroup(g);
      });
      const meta = [r.id, d.agent ? 'by ' + d.agent : '', d.session_id ? 'session ' + d.session_id : '', 'opened ' + relTime(r.created)].filter(Boolean);
      list.append(h('li', { class: 'batch-item' + (ticked ? '' : ' unticked'), 'data-id': r.id },
        box,
        h('div', null,
          h('div', { class: 'bi-what' }, withCode(cut((r.description && r.description.headline) || headline(act) || d.tool, 200))),
          h('div', { class: 'bi-meta', text: meta.join(' · ') }),
          d.reason ? h('div', { class: 'bi-meta', text: cut(d.reason, 300) }) : null,
          anomaliesOf(r).map((line) => h('div', { class: 'bi-warn', text: '⚠ Unusual: ' + line }))),
        h('div', { class: 'bi-side' },
          h('span', { class: 'pill lvl-' + level, text: level }),
          riskbar(d.risk || 0, level),
          h('button', { type: 'button', class: 'btn ghost', text: 'Open', onclick: () => select(r.id) }))));
    }
    const ticked = tickedOf(g);
    const all = $('g-all');
    all.checked = ticked.length === g.items.length;
    all.indeterminate = ticked.length > 0 && ticked.length < g.items.length;
    const n = ticked.length;
    const dangerous = ticked.some((r) => levelOf(r) === 'dangerous');
    $('g-approve').textContent = n === g.items.length ? 'Approve all ' + n : 'Approve ' + n;
    $('g-reject').textContent = n === g.items.length ? 'Reject all ' + n : 'Reject ' + n;
    $('g-approve').disabled = state.busy || n === 0 || dangerous;
    $('g-approve').title = dangerous ? 'A DANGEROUS request is approved only on its own' : '';
    $('g-reject').disabled = state.busy || n === 0;
  }
  async function decideGroup(how) {
    const g = pendingGroups().find((x) => x.key === state.group);
    if (!g || state.busy) return;
    const ids = tickedOf(g).map((r) => r.id);
    if (!ids.length) return;
    state.busy = true;
    setBusy(true);
    try {
      const res = await api('POST', '/v1/approvals/batch', { ids, decision: how, note: $('g-note').value.trim() });
      for (const x of res.results) if (x.approval) state.approvals.set(x.approval.id, x.approval);
      const verb = how === 'approve' ? 'Approved' : 'Rejected';
      if (res.decided) toast(verb + ' ' + res.decided + ' ' + (res.decided === 1 ? 'request' : 'requests') + ': ' + plain(g.many), 'ok');
      const failed = res.results.filter((x) => !x.decided);
      if (failed.length) {
        toast(failed.length + ' could not be decided: ' + failed.map((x) => x.id + ' (' + x.error + ')').join('; '), 'error', failed[0].hint);
      }
      $('g-note').value = '';
      state.unticked.clear();
      if (!pendingGroups().some((x) => x.key === state.group)) state.group = '';
      renderQueue();
    } catch (e) {
      fail(e, 'Could not ' + how + ' them');
      if (e instanceof APIError && (e.status === 409 || e.status === 410 || e.status === 404)) loadApprovals().catch(() => {});
    } finally {
      state.busy = false;
      setBusy(false);
      renderDetail();
    }
  }

  // ---- The 5-second auto-confirm (CAUTIOUS confirms itself after 5 s
  // while a person watches; PRIVILEGED never does) ----
  //
  // A person watches when the request is open on screen, in a visible and
  // focused window, on the approvals view; the countdown starts after they
  // have had it in view for READ_MS, and pauses (keeping what is left)
  // whenever they do not watch. Time is counted in small steps, each at most
  // STEP_MS, so a throttled or frozen page never gains time it did not show.
  const READ_MS = 1500;
  const STEP_MS = 250;
  const progress = new Map(); // id → {seen, left}: what each countdown has used
  function watching() {
    if (document.visibilityState !== 'visible' || !document.hasFocus()) return false;
    if (state.view !== 'approvals' || $('app').hidden || !$('help').hidden) return false;
    const el = $('d-title');
    if (!el || $('detail-body').hidden) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.bottom > 0 && box.top < (window.innerHeight || document.documentElement.clientHeight);
  }
  function syncCountdown(r) {
    const eligible = r && r.status === 'pending' && (r.decision || {}).verdict === 'confirm' &&
      !state.declined.has(r.id) && !state.group && state.view === 'approvals';
    if (!eligible) { stopCountdown(); return; }
    if (state.countdown && state.countdown.id === r.id) return;
    stopCountdown();
    if (!progress.has(r.id)) progress.set(r.id, { seen: 0, left: AUTO_CONFIRM_MS });
    const c = { id: r.id, last: Date.now(), timer: 0 };
    state.countdown = c;
    $('countdown').hidden = false;
    const tick = () => {
      const p = progress.get(c.id);
      const now = Date.now();
      const dt = Math.min(STEP_MS, Math.max(0, now - c.last));
      c.last = now;
      const on = watching();
      if (on) {
        if (p.seen < READ_MS) p.seen += dt;
        else p.left = Math.max(0, p.left - dt);
      }
      const started = p.seen >= READ_MS;
      $('countdown').classList.toggle('paused', !on);
      $('countdown-state').textContent = !on ? 'Paused while this request is not in view' :
        started ? 'Auto-confirming in' : 'Read it first: auto-confirm in';
      $('countdown-secs').textContent = String(Math.ceil(p.left / 1000));
      $('countdown-fill').style.width = (100 * p.left / AUTO_CONFIRM_MS) + '%';
      if (on && p.left <= 0) {
        stopCountdown();
        progress.delete(c.id);
        decide(c.id, 'approve', true);
      }
    };
    tick();
    c.timer = setInterval(tick, 100);
  }
  function stopCountdown() {
    if (state.countdown) clearInterval(state.countdown.timer);
    state.countdown = null;
    $('countdown').hidden = true;
  }
  function pauseCountdown() {
    if (!state.countdown) return;
    state.declined.add(state.countdown.id);
    progress.delete(state.countdown.id);
    stopCountdown();
  }

  async function decide(id, how, auto) {
    const r = state.approvals.get(id);
    if (!r || r.status !== 'pending' || state.busy) return;
    state.busy = true;
    setBusy(true);
    const note = auto ? '' : $('note').value.trim();
    try {
      const body = { note };
      if (auto) body.auto = true;
      const res = await api('POST', '/v1/approvals/' + encodeURIComponent(id) + '/' + how, body);
      state.approvals.set(res.id, res);
      $('note').value = '';
      const verb = how === 'approve' ? (auto ? 'Confirmed automatically' : 'Approved') : 'Rejected';
      toast(verb + ': ' + cut(headline(parseAction(res.action)) || res.id, 60), 'ok');
      if (!state.showAll) state.selected = '';
      renderQueue();
    } catch (e) {
      fail(e, 'Could not ' + how);
      if (e instanceof APIError && (e.status === 409 || e.status === 410 || e.status === 404)) loadApprovals().catch(() => {});
    } finally {
      state.busy = false;
      setBusy(false);
    }
  }
  function setBusy(b) {
    for (const id of ['approve', 'reject', 'decline', 'g-approve', 'g-reject']) $(id).disabled = b;
  }

  // ---- Live updates (server-sent events) ----
  function connectEvents() {
    if (state.events) state.events.close();
    const es = new EventSource('/v1/events');
    state.events = es;
    setLive('connecting');
    es.addEventListener('open', () => {
      setLive('on');
      // Whatever changed while the stream was away.
      loadApprovals().catch((e) => fail(e, 'Loading approvals'));
    });
    es.addEventListener('approval', (msg) => {
      let ev;
      try { ev = JSON.parse(msg.data); } catch (e) { return; }
      const r = ev.approval;
      if (!r || !r.id) return;
      const known = state.approvals.has(r.id);
      state.approvals.set(r.id, r);
      if (ev.type === 'opened' && !known) {
        state.fresh.add(r.id);
        if (state.view !== 'approvals' || document.visibilityState !== 'visible') {
          toast('New request: ' + cut(headline(parseAction(r.action)) || r.decision.tool, 60));
        }
      }
      renderQueue();
    });
    es.addEventListener('error', () => {
      setLive('off');
      if (es.readyState === EventSource.CLOSED) {
        // Closed for good (401, say): find out whether the session ended.
        api('GET', '/v1/session').then((info) => {
          if (info && info.signed_in) setTimeout(connectEvents, 3000);
          else showLogin('Your session ended. Sign in again.');
        }).catch(() => setTimeout(connectEvents, 5000));
      }
    });
  }
  function setLive(s) {
    const el = $('live');
    el.className = 'live ' + (s === 'on' ? 'on' : s === 'off' ? 'off' : '');
    $('live-text').textContent = s === 'on' ? 'live' : s === 'off' ? 'reconnecting' : 'connecting';
  }

  // ---- Audit log ----
  function auditQuery(before) {
    const p = new URLSearchParams();
    const f = state.audit.filters;
    for (const k of ['verdict', 'tool', 'session', 'rule', 'q']) if (f[k]) p.set(k, f[k]);
    for (const k of ['since', 'until']) if (f[k]) p.set(k, new Date(f[k]).toISOString());
    p.set('limit', '100');
    if (before) p.set('before', String(before));
    return '/v1/audit?' + p.toString();
  }
  async function loadAudit(more) {
    const data = await api('GET', auditQuery(more ? state.audit.next : 0));
    const tbody = $('audit-rows');
    if (!more) clear(tbody);
    for (const rec of data.records) tbody.append(...auditRow(rec));
    state.audit.next = data.next_before || 0;
    $('audit-more').hidden = !state.audit.next;
    $('audit-empty').hidden = tbody.children.length > 0;
  }
  function auditRow(rec) {
    const act = parseAction(rec.action);
    const tr = h('tr', { class: 'row', tabindex: '0' },
      h('td', { class: 'num', text: String(rec.seq) }),
      h('td', { class: 'time', title: absTime(rec.time), text: new Date(rec.time).toLocaleString() }),
      h('td', null, h('span', { class: 'verdict v-' + rec.verdict, text: rec.verdict })),
      h('td', null, riskbar(rec.risk || 0, rec.level || levelOfVerdict[rec.verdict] || 'safe')),
      h('td', { text: rec.tool }),
      h('td', { class: 'what', title: headline(act), text: cut(headline(act), 140) }),
      h('td', null, (rec.rules || []).map((r) => h('span', { class: 'rule-chip', text: r }))),
      h('td', { class: 'session', title: rec.session_id, text: rec.session_id || '–' }));
    const more = h('tr', { class: 'more', hidden: true },
      h('td', { colspan: '8' },
        h('div', null, h('strong', { text: rec.reason || '' })),
        h('div', { class: 'muted small', text: [rec.agent && 'agent ' + rec.agent, act.id && 'decision ' + act.id, rec.level && 'level ' + rec.level,
          'score ' + rec.score, rec.duration_micros + ' µs'].filter(Boolean).join(' · ') }),
        rec.error ? h('div', { class: 'form-error', text: rec.error }) : null,
        h('pre', { text: JSON.stringify(act, null, 2) })));
    const toggle = () => { more.hidden = !more.hidden; tr.classList.toggle('expanded', !more.hidden); };
    tr.addEventListener('click', toggle);
    tr.addEventListener('keydown', (e) => { if (e.key === 'Enter') toggle(); });
    return [tr, more];
  }

  // ---- Rule hits dashboard ----
  async function loadDashboard() {
    const { since, bucket } = state.range;
    const data = await api('GET', '/v1/rules/hits?since=' + encodeURIComponent(since) + '&bucket=' + encodeURIComponent(bucket));
    const start = new Date(data.since).getTime();
    const step = data.bucket_seconds * 1000;
    const n = Math.max(1, Math.ceil((new Date(data.until).getTime() - start) / step));
    const total = new Array(n).fill(0);
    const rules = new Map();
    for (const hit of data.hits) {
      const i = Math.min(n - 1, Math.max(0, Math.floor((new Date(hit.bucket).getTime() - start) / step + 1e-6)));
      if (!rules.has(hit.rule)) rules.set(hit.rule, new Array(n).fill(0));
      rules.get(hit.rule)[i] += hit.count;
      total[i] += hit.count;
    }
    const sum = (a) => a.reduce((x, y) => x + y, 0);
    const rows = [...rules.entries()].map(([rule, counts]) => {
      const firstHit = counts.findIndex((c) => c > 0);
      return { rule, counts, total: sum(counts), isNew: firstHit >= Math.floor(n * 0.75) };
    }).sort((a, b) => b.total - a.total || a.rule.localeCompare(b.rule));
    $('stat-hits').textContent = sum(total).toLocaleString();
    $('stat-rules').textContent = String(rows.length);
    $('stat-new').textContent = String(rows.filter((r) => r.isNew).length);
    const label = (i) => {
      const d = new Date(start + i * step);
      return step < 86400000 ? d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : d.toLocaleDateString([], { month: 'short', day: 'numeric' });
    };
    const chart = $('dash-total');
    clear(chart);
    chart.append(barChart(total, label, chart.clientWidth));
    const list = $('dash-rules');
    clear(list);
    for (const r of rows) {
      list.append(h('div', { class: 'rule-row' },
        h('div', { class: 'rule-name', title: r.rule }, r.rule, r.isNew ? h('span', { class: 'pill new', title: 'First fired recently', text: 'new' }) : null),
        h('div', { class: 'spark' }, sparkline(r.counts, label)),
        h('div', { class: 'rule-total', text: r.total.toLocaleString() })));
    }
    $('dash-empty').hidden = rows.length > 0;
  }
  function barChart(values, label, width) {
    // Drawn at the container's width in pixels, so the text keeps its shape.
    const W = Math.max(320, Math.round(width || 1000)), H = 180, left = 36, bottom = 22, top = 8;
    const max = Math.max(1, ...values);
    const svg = s('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'Rule hits per bucket' });
    const plotW = W - left, plotH = H - bottom - top;
    for (const f of [0, 0.5, 1]) {
      const y = top + plotH * (1 - f);
      svg.append(s('line', { class: 'grid', x1: left, x2: W, y1: y, y2: y }));
      svg.append(s('text', { class: 'axis', x: 0, y: y + 4, text: String(Math.round(max * f)) }));
    }
    const bw = plotW / values.length;
    values.forEach((v, i) => {
      const bh = plotH * v / max;
      const rect = s('rect', { class: 'bar', x: left + i * bw + bw * 0.15, y: top + plotH - bh, width: Math.max(1, bw * 0.7), height: Math.max(0, bh), rx: 2 });
      rect.append(s('title', { text: label(i) + ': ' + v }));
      svg.append(rect);
    });
    const ticks = Math.min(6, values.length);
    for (let t = 0; t < ticks; t++) {
      const i = Math.round(t * (values.length - 1) / Math.max(1, ticks - 1));
      const anchor = t === 0 ? 'start' : t === ticks - 1 ? 'end' : 'middle';
      const x = t === 0 ? left + i * bw : t === ticks - 1 ? left + (i + 1) * bw : left + i * bw + bw / 2;
      svg.append(s('text', { class: 'axis', x, y: H - 6, 'text-anchor': anchor, text: label(i) }));
    }
    return svg;
  }
  function sparkline(values, label) {
    const W = 300, H = 28;
    const max = Math.max(1, ...values);
    const svg = s('svg', { viewBox: '0 0 ' + W + ' ' + H, preserveAspectRatio: 'none', 'aria-hidden': 'true' });
    const bw = W / values.length;
    svg.append(s('rect', { class: 'base', x: 0, y: H - 1, width: W, height: 1 }));
    values.forEach((v, i) => {
      if (!v) return;
      const bh = Math.max(2, (H - 2) * v / max);
      const rect = s('rect', { class: 'bar' + (i === values.length - 1 ? ' last' : ''), x: i * bw + bw * 0.1, y: H - bh, width: Math.max(1, bw * 0.8), height: bh, rx: 1 });
      rect.append(s('title', { text: label(i) + ': ' + v }));
      svg.append(rect);
    });
    return svg;
  }

  // ---- Views and keys ----
  function showView(v) {
    state.view = v;
    for (const tab of document.querySelectorAll('.tab')) tab.setAttribute('aria-selected', String(tab.dataset.view === v));
    for (const name of ['approvals', 'audit', 'dashboard']) $('view-' + name).hidden = name !== v;
    if (v === 'audit') loadAudit(false).catch((e) => fail(e, 'Loading the audit log'));
    if (v === 'dashboard') loadDashboard().catch((e) => fail(e, 'Loading rule hits'));
    renderDetail();
  }
  function typing(e) {
    const t = e.target;
    return t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
  }
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape') { $('help').hidden = true; pauseCountdown(); return; }
    if (typing(e) || $('app').hidden) return;
    switch (e.key) {
      // A batch is decided with a click, never a key.
      case 'y': if (state.view === 'approvals' && !state.group) { pauseCountdown(); decide(state.selected, 'approve', false); } break;
      case 'n': if (state.view === 'approvals' && !state.group) { pauseCountdown(); decide(state.selected, 'reject', false); } break;
      case 'j': if (state.view === 'approvals') moveSelection(1); break;
      case 'k': if (state.view === 'approvals') moveSelection(-1); break;
      case '1': showView('approvals'); break;
      case '2': showView('audit'); break;
      case '3': showView('dashboard'); break;
      case '/': showView('audit'); $('audit-q').focus(); e.preventDefault(); break;
      case '?': $('help').hidden = !$('help').hidden; break;
      default: return;
    }
  }

  // ---- Session ----
  function showLogin(message) {
    stopCountdown();
    if (state.events) { state.events.close(); state.events = null; }
    state.csrf = '';
    $('boot').hidden = true;
    $('app').hidden = true;
    $('login').hidden = false;
    const err = $('login-error');
    err.hidden = !message;
    err.textContent = message || '';
    $('token').focus();
  }
  function startApp(info) {
    state.csrf = info.csrf || '';
    state.name = info.name || '';
    state.auth = info.auth !== false;
    $('who').textContent = state.auth ? 'Signed in as ' + state.name : 'No sign-in required';
    $('logout').hidden = !state.auth;
    $('boot').hidden = true;
    $('login').hidden = true;
    $('app').hidden = false;
    connectEvents();
    showView(state.view);
  }
  async function login(e) {
    e.preventDefault();
    const input = $('token');
    const token = input.value.trim();
    if (!token) return;
    $('login-submit').disabled = true;
    try {
      const info = await api('POST', '/v1/session', { token });
      input.value = '';
      startApp(info);
    } catch (err) {
      const msg = err.status === 401 ? 'This token is not valid (unknown or revoked).' : err.message;
      $('login-error').textContent = msg;
      $('login-error').hidden = false;
    } finally {
      $('login-submit').disabled = false;
    }
  }
  async function logout() {
    try { await api('DELETE', '/v1/session'); } catch (e) { /* the cookie is gone either way */ }
    showLogin('');
  }

  // A request's own page (approval.PageURL) opens with it selected, and
  // shows decided requests too.
  function readLocation() {
    const m = location.pathname.match(/^\/approvals\/([^/]+)$/);
    if (m) {
      state.selected = decodeURIComponent(m[1]);
      state.showAll = true;
      $('show-all').checked = true;
    }
  }

  function init() {
    readLocation();
    $('login-form').addEventListener('submit', login);
    $('logout').addEventListener('click', logout);
    for (const tab of document.querySelectorAll('.tab')) tab.addEventListener('click', () => showView(tab.dataset.view));
    $('show-all').addEventListener('change', (e) => {
      state.showAll = e.target.checked;
      loadApprovals().catch((err) => fail(err, 'Loading approvals'));
    });
    $('approve').addEventListener('click', () => { pauseCountdown(); decide(state.selected, 'approve', false); });
    $('reject').addEventListener('click', () => { pauseCountdown(); decide(state.selected, 'reject', false); });
    $('decline').addEventListener('click', () => {
      const id = state.countdown && state.countdown.id;
      pauseCountdown();
      if (id) decide(id, 'reject', false);
    });
    $('note').addEventListener('input', pauseCountdown);
    $('g-approve').addEventListener('click', () => decideGroup('approve'));
    $('g-reject').addEventListener('click', () => decideGroup('reject'));
    $('g-all').addEventListener('change', (e) => {
      const g = pendingGroups().find((x) => x.key === state.group);
      if (!g) return;
      state.unticked.clear();
      if (!e.target.checked) for (const r of g.items) state.unticked.add(r.id);
      renderGroup(g);
    });
    $('audit-filters').addEventListener('submit', (e) => {
      e.preventDefault();
      state.audit.filters = Object.fromEntries(new FormData(e.target).entries());
      loadAudit(false).catch((err) => fail(err, 'Loading the audit log'));
    });
    $('audit-filters').addEventListener('reset', () => {
      state.audit.filters = {};
      setTimeout(() => loadAudit(false).catch((err) => fail(err, 'Loading the audit log')), 0);
    });
    $('audit-more').addEventListener('click', () => loadAudit(true).catch((err) => fail(err, 'Loading the audit log')));
    for (const b of document.querySelectorAll('.segmented button')) {
      b.addEventListener('click', () => {
        for (const o of document.querySelectorAll('.segmented button')) o.setAttribute('aria-pressed', String(o === b));
        state.range = { since: b.dataset.range, bucket: b.dataset.bucket };
        loadDashboard().catch((err) => fail(err, 'Loading rule hits'));
      });
    }
    $('help-button').addEventListener('click', () => { $('help').hidden = false; });
    $('help-close').addEventListener('click', () => { $('help').hidden = true; });
    $('help').addEventListener('click', (e) => { if (e.target === $('help')) $('help').hidden = true; });
    document.addEventListener('keydown', onKey);
    // The countdown reads visibility and focus on every tick; it pauses by
    // itself when the page is hidden or loses focus.
    // Relative times age; refresh them now and then.
    setInterval(() => { if (!$('app').hidden && state.view === 'approvals' && !state.countdown) renderQueue(); }, 30000);

    api('GET', '/v1/session').then((info) => {
      if (info && info.signed_in) startApp(info);
      else showLogin('');
    }).catch((e) => { showLogin(''); fail(e, 'Starting'); });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
