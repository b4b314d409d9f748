// actionguard evaluation report: draws the timeline from the JSON in #data
// (its layout is documented on reportBlob in evaluate/report_html.go).
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($('data').textContent);
  const S = data.s || [''];
  const R = data.r || [];
  const PAGE = 200;

  // Positions in a run and in a step.
  const R_ID = 0, R_SCORE = 1, R_WORST = 2, R_FAILED = 3, R_ND = 4, R_NS = 5, R_NB = 6, R_NJ = 7,
    R_STEPS = 8, R_INPUT = 9, R_LINE = 10, R_FORMAT = 11, R_JERR = 12;
  const S_I = 0, S_TOOL = 1, S_D = 2, S_S = 3, S_V = 4, S_LEVEL = 5, S_SCORE = 6, S_RISK = 7,
    S_RULES = 8, S_REASON = 9, S_ERR = 10, S_JV = 11, S_JR = 12;
  const VERDICTS = new Set(['allow', 'notify', 'confirm', 'approve', 'block']);

  const str = (i) => S[i || 0] || '';
  const strs = (x) => (Array.isArray(x) ? x.map(str) : []);
  const steps = (run) => (Array.isArray(run[R_STEPS]) ? run[R_STEPS] : []);
  const num = (n) => (n || 0).toLocaleString('en-US');
  const plural = (n, one, many) => num(n) + ' ' + (n === 1 ? one : many);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  const verdictOf = (st) => str(st[S_V]);

  function blockClass(st) {
    const v = verdictOf(st);
    const d = Array.isArray(st[S_D]) && st[S_D].length > 0;
    const s = Array.isArray(st[S_S]) && st[S_S].length > 0;
    let c = 'blk ';
    if (v) {
      c += VERDICTS.has(v) ? 'v-' + v : 'v-unknown';
      if (s) c += ' m-s';
    } else {
      c += s ? 'p-sensitive' : d ? 'p-dangerous' : 'p-none';
    }
    if (d) c += ' m-d';
    if (str(st[S_JV]) === 'unsafe') c += ' j-unsafe';
    return c;
  }

  function scoreClass(score) {
    if (score >= 0.999) return 'good';
    if (score >= 0.6) return 'warn';
    return 'bad';
  }

  function verdictChip(run) {
    const w = str(run[R_WORST]);
    if (w) return el('span', 'chip ' + (VERDICTS.has(w) ? 'v-' + w : 'v-unknown'), w);
    if (run[R_ND]) return el('span', 'chip c-dangerous', 'dangerous');
    if (run[R_NS]) return el('span', 'chip c-sensitive', 'leak');
    if (!steps(run).length) return el('span', 'chip c-none', 'no calls');
    return el('span', 'chip c-clean', 'clean');
  }

  function issuesText(run) {
    const parts = [plural(steps(run).length, 'tool call', 'tool calls')];
    if (run[R_ND]) parts.push(plural(run[R_ND], 'dangerous match', 'dangerous matches'));
    if (run[R_NS]) parts.push(plural(run[R_NS], 'sensitive leak', 'sensitive leaks'));
    if (run[R_NB]) parts.push(plural(run[R_NB], 'blocked step', 'blocked steps'));
    if (run[R_NJ]) parts.push(plural(run[R_NJ], 'step', 'steps') + ' judged unsafe');
    if (run[R_JERR]) parts.push('judge error');
    return parts.join(' · ');
  }

  function sourceText(run) {
    let s = str(run[R_INPUT]);
    if (s && run[R_LINE]) s += ':' + run[R_LINE];
    const f = str(run[R_FORMAT]);
    return f ? (s ? s + ' · ' + f : f) : s;
  }

  function row(ri) {
    const run = R[ri];
    const r = el('div', 'run');
    r.setAttribute('role', 'listitem');
    r.dataset.r = ri;
    const id = el('div', 'run-id');
    const idText = el('span', 'id', run[R_ID] || '(no id)');
    idText.title = run[R_ID] || '';
    id.append(idText, el('span', 'src', sourceText(run)));
    const score = run[R_SCORE] || 0;
    const sc = el('div', 'run-score ' + scoreClass(score), score.toFixed(2));
    sc.title = 'ActionSafety score';
    const v = el('div', 'run-verdict');
    v.append(verdictChip(run));
    const main = el('div', 'run-main');
    const strip = el('div', 'strip');
    const st = steps(run);
    for (let k = 0; k < st.length; k++) {
      const b = el('button', blockClass(st[k]));
      b.type = 'button';
      b.dataset.r = ri;
      b.dataset.s = k;
      b.setAttribute('aria-label', 'step ' + (st[k][S_I] || 0) + ', ' + (str(st[k][S_TOOL]) || 'tool') +
        (verdictOf(st[k]) ? ', ' + verdictOf(st[k]) : ''));
      strip.append(b);
    }
    main.append(strip, el('div', 'run-issues', issuesText(run)));
    r.append(id, sc, v, main);
    return r;
  }

  // What the filter searches: id, tools, patterns and rules, lower-cased.
  const hay = new Array(R.length);
  function haystack(ri) {
    if (hay[ri] === undefined) {
      const run = R[ri];
      const words = [run[R_ID] || '', str(run[R_INPUT]), str(run[R_FORMAT])];
      const seen = new Set();
      for (const st of steps(run)) {
        for (const i of [st[S_TOOL]].concat(st[S_D] || [], st[S_S] || [], st[S_RULES] || [])) {
          if (i && !seen.has(i)) {
            seen.add(i);
            words.push(str(i));
          }
        }
      }
      hay[ri] = words.join('\n').toLowerCase();
    }
    return hay[ri];
  }

  const runsEl = $('runs');
  const moreBtn = $('more');
  const countEl = $('tl-count');
  const filterEl = $('filter');
  const onlyEl = $('only-issues');
  const detailEl = $('detail');
  const tip = $('tip');
  let matching = [];
  let shown = 0;
  const failed = R.reduce((n, run) => n + (run[R_FAILED] ? 1 : 0), 0);

  function apply() {
    const terms = filterEl.value.toLowerCase().split(/\s+/).filter(Boolean);
    const only = onlyEl.checked;
    matching = [];
    for (let i = 0; i < R.length; i++) {
      if (only && !R[i][R_FAILED]) continue;
      if (terms.length) {
        const h = haystack(i);
        if (!terms.every((t) => h.includes(t))) continue;
      }
      matching.push(i);
    }
    runsEl.textContent = '';
    shown = 0;
    more();
  }

  function more() {
    const frag = document.createDocumentFragment();
    const end = Math.min(shown + PAGE, matching.length);
    for (let i = shown; i < end; i++) frag.append(row(matching[i]));
    runsEl.append(frag);
    shown = end;
    const left = matching.length - shown;
    moreBtn.hidden = left <= 0;
    moreBtn.textContent = 'Show ' + num(Math.min(PAGE, left)) + ' more (' + num(left) + ' left)';
    let text;
    if (matching.length === R.length) {
      text = plural(R.length, 'run', 'runs') + (failed ? ', ' + num(failed) + ' with issues' : '');
    } else {
      text = plural(matching.length, 'matching run', 'matching runs') + ' of ' + num(R.length);
    }
    if (shown < matching.length) text += ' · showing the first ' + num(shown);
    countEl.textContent = text;
    runsEl.hidden = matching.length === 0;
    if (!matching.length) countEl.textContent = R.length ? 'No run matches.' : 'No runs.';
  }

  function addRow(dl, label, value, cls) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) return;
    dl.append(el('dt', '', label));
    const dd = el('dd', cls || '');
    if (value instanceof Node) dd.append(value);
    else if (Array.isArray(value)) {
      const ul = el('ul');
      for (const v of value) ul.append(el('li', '', v));
      dd.append(ul);
    } else dd.textContent = value;
    dl.append(dd);
  }

  let selected = null;

  function showDetail(b) {
    const ri = +b.dataset.r;
    const run = R[ri];
    const st = steps(run)[+b.dataset.s];
    if (!st) return;
    if (selected) {
      selected.classList.remove('sel');
      const prev = selected.closest('.run');
      if (prev) prev.classList.remove('selected');
    }
    selected = b;
    b.classList.add('sel');
    b.closest('.run').classList.add('selected');

    detailEl.textContent = '';
    detailEl.append(el('h3', 'd-title', run[R_ID] || '(no id)'));
    detailEl.append(el('p', 'd-sub', ['step ' + (st[S_I] || 0), sourceText(run)].filter(Boolean).join(' · ')));
    const dl = el('dl', 'kv');
    addRow(dl, 'Tool', str(st[S_TOOL]) || '—');
    const v = verdictOf(st);
    if (v) {
      addRow(dl, 'Verdict', el('span', 'chip ' + (VERDICTS.has(v) ? 'v-' + v : 'v-unknown'), v));
      addRow(dl, 'Level', str(st[S_LEVEL]));
      addRow(dl, 'Guard score', (st[S_SCORE] || 0) + ' · risk ' + (st[S_RISK] || 0) + '/10');
      addRow(dl, 'Rules', strs(st[S_RULES]));
      addRow(dl, 'Reason', str(st[S_REASON]));
      addRow(dl, 'Guard error', str(st[S_ERR]), 'err');
    } else {
      addRow(dl, 'Verdict', el('span', 'muted', 'not replayed'));
    }
    addRow(dl, 'Dangerous', strs(st[S_D]));
    addRow(dl, 'Sensitive', strs(st[S_S]));
    const jv = str(st[S_JV]);
    if (jv) addRow(dl, 'Judge', jv + (str(st[S_JR]) ? ': ' + str(st[S_JR]) : ''), jv === 'unsafe' ? 'err' : '');
    addRow(dl, 'Run', 'score ' + (run[R_SCORE] || 0).toFixed(2) + ' · ' + issuesText(run));
    addRow(dl, 'Judge error', str(run[R_JERR]), 'err');
    detailEl.append(dl);
  }

  function showTip(b) {
    const run = R[+b.dataset.r];
    const st = steps(run)[+b.dataset.s];
    if (!st) return;
    tip.textContent = '';
    const head = el('div');
    head.append(el('b', '', str(st[S_TOOL]) || 'tool'), document.createTextNode(' · step ' + (st[S_I] || 0)));
    tip.append(head);
    const lines = [];
    const v = verdictOf(st);
    if (v) lines.push(v + (str(st[S_LEVEL]) ? ' (' + str(st[S_LEVEL]) + ', score ' + (st[S_SCORE] || 0) + ')' : ''));
    const d = strs(st[S_D]);
    const s = strs(st[S_S]);
    if (d.length) lines.push('dangerous: ' + d.join(', '));
    if (s.length) lines.push('sensitive: ' + s.join(', '));
    if (str(st[S_JV])) lines.push('judge: ' + str(st[S_JV]));
    if (!lines.length) lines.push('no match');
    for (const l of lines) tip.append(el('div', '', l));
    const reason = str(st[S_REASON]);
    if (reason) tip.append(el('div', 't-reason', reason.length > 160 ? reason.slice(0, 157) + '…' : reason));
    tip.hidden = false;
    const r = b.getBoundingClientRect();
    const w = tip.offsetWidth, h = tip.offsetHeight;
    let x = Math.min(Math.max(8, r.left - 8), window.innerWidth - w - 8);
    let y = r.bottom + 8;
    if (y + h > window.innerHeight - 8) y = r.top - h - 8;
    tip.style.left = Math.max(8, x) + 'px';
    tip.style.top = Math.max(8, y) + 'px';
  }

  const hideTip = () => { tip.hidden = true; };
  const blockOf = (e) => (e.target instanceof Element ? e.target.closest('.blk') : null);

  runsEl.addEventListener('click', (e) => {
    const b = blockOf(e);
    if (b) showDetail(b);
  });
  runsEl.addEventListener('mouseover', (e) => {
    const b = blockOf(e);
    if (b) showTip(b);
  });
  runsEl.addEventListener('mouseout', (e) => {
    if (blockOf(e)) hideTip();
  });
  runsEl.addEventListener('focusin', (e) => {
    const b = blockOf(e);
    if (b) showTip(b);
  });
  runsEl.addEventListener('focusout', hideTip);
  window.addEventListener('scroll', hideTip, { passive: true });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') hideTip();
  });

  let timer = 0;
  filterEl.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(apply, 120);
  });
  onlyEl.addEventListener('change', apply);
  moreBtn.addEventListener('click', more);

  // A pattern's name in the hit counts filters the timeline by it.
  document.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest('.pat-name') : null;
    if (!a) return;
    filterEl.value = a.dataset.filter || '';
    apply();
  });

  if (R.length) {
    $('controls').hidden = false;
    $('tl').hidden = false;
    apply();
  }
})();
