//! What every page carries inline: its style, and the one small script that lets a reader sort
//! any table by a column. Both are constants, so a page's bytes depend on its report only.

/// The page's style: plain, readable, printable, and fitting 1,400 pixels: table headers and
/// text cells wrap (a number never breaks inside, nor parts from its bar), and charts scale down
/// to their section.
pub(crate) const STYLE: &str = "
body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1b1b1b;background:#fafafa}
header{background:#1f3b5a;color:#fff;padding:14px 28px}header h1{margin:0;font-size:22px;overflow-wrap:anywhere}
.sub{margin:2px 0 0;opacity:.75;font-size:13px}
#bots{opacity:.95;font-size:14px;overflow-wrap:anywhere}#bots code{background:rgba(255,255,255,.14);padding:0 4px;border-radius:3px}
main{padding:8px 28px 40px;max-width:1400px;box-sizing:border-box}
section{overflow-x:auto;background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 18px 16px;margin:16px 0}
h2{font-size:18px;margin:6px 0 10px}h3{font-size:15px;margin:14px 0 6px;overflow-wrap:anywhere}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:3px 8px;border-bottom:1px solid #eee;text-align:right;vertical-align:middle}
thead th{border-bottom:2px solid #ccc;font-weight:600;vertical-align:bottom;min-width:3.5em}
th:first-child,td:first-child{text-align:left}
td:first-child,td.text{overflow-wrap:anywhere;min-width:7em}
th.text,td.text{text-align:left}
td.wrap{white-space:normal;min-width:10em;max-width:26em}
.num{white-space:nowrap}
td:has(>svg.bar){white-space:nowrap}
table.sortable thead th{cursor:pointer;user-select:none}
table.sortable thead th:hover{background:#f0f4f8}
th[aria-sort=ascending]::after{content:' \\25B2';font-size:10px}th[aria-sort=descending]::after{content:' \\25BC';font-size:10px}
table.kv th{text-align:left;font-weight:600;color:#444;white-space:nowrap}table.kv td{text-align:left;white-space:normal}
.never{color:#a33}.never td:first-child::after{content:' never played';font-size:11px;background:#f6dcdc;color:#a33;border-radius:3px;padding:0 4px;margin-left:6px}
.derived{font-style:italic}
.note{color:#666}
.call{font-size:17px;font-weight:600;padding:6px 10px;border-radius:4px}.call.settled{background:#e3efe3}.call.unsettled{background:#f7ecd9}
svg text{font:12px system-ui,sans-serif}svg text.axis{fill:#333}svg text.value{fill:#111;font-size:11px}
svg.bar{vertical-align:middle;margin-left:6px}
svg.chart{max-width:100%;height:auto}
pre{background:#f2f2f2;padding:8px 10px;border-radius:4px;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
.charts{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
.charts>*{min-width:0;max-width:100%}
details>summary{cursor:pointer;color:#1f3b5a;margin:8px 0}
";

/// Sorting by a column: a click (or Enter) on a header of any table with a head and a body sorts
/// its rows by that column, ascending, then descending on the next click. A cell's sort key is
/// its `data-sort`, else the `data-value` of the first number in it (the JSON's value, not the
/// rounded text), else its text; a column whose every key is a number (or empty) sorts
/// numerically, any other alphabetically (`deck 2` before `deck 10`); empty keys (`–`, `null`)
/// go last both ways, and ties keep their order. Plain script, no library: the page stays one
/// file that works offline.
pub(crate) const SCRIPT: &str = r#"
(function () {
  'use strict';
  var NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?%?$/;
  var words = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  function cellAt(row, column) {
    var at = 0;
    for (var i = 0; i < row.cells.length; i++) {
      if (at === column) return row.cells[i];
      at += row.cells[i].colSpan || 1;
      if (at > column) return null;
    }
    return null;
  }
  function keyOf(cell) {
    if (!cell) return '';
    if (cell.hasAttribute('data-sort')) return cell.getAttribute('data-sort').trim();
    var number = cell.querySelector('[data-value]');
    if (number) return number.getAttribute('data-value').trim();
    return cell.textContent.trim();
  }
  function isEmpty(key) {
    return key === '' || key === 'null' || key === '\u2013' || key === '-';
  }
  function sort(table, column, th) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var keys = rows.map(function (row, i) {
      var key = keyOf(cellAt(row, column));
      return { row: row, i: i, key: key, empty: isEmpty(key), num: parseFloat(key) };
    });
    var numeric = keys.every(function (k) { return k.empty || NUMBER.test(k.key); });
    var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
    keys.sort(function (a, b) {
      if (a.empty || b.empty) return a.empty === b.empty ? a.i - b.i : a.empty ? 1 : -1;
      var c = numeric ? a.num - b.num : words.compare(a.key, b.key) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
      return dir * c || a.i - b.i;
    });
    keys.forEach(function (k) { body.appendChild(k.row); });
    var heads = th.parentNode.cells;
    for (var i = 0; i < heads.length; i++) heads[i].removeAttribute('aria-sort');
    th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
  }
  var tables = document.querySelectorAll('table');
  for (var t = 0; t < tables.length; t++) {
    var table = tables[t];
    if (!table.tHead || !table.tBodies.length || !table.tHead.rows.length) continue;
    table.classList.add('sortable');
    var head = table.tHead.rows[table.tHead.rows.length - 1];
    var column = 0;
    for (var h = 0; h < head.cells.length; h++) {
      var th = head.cells[h];
      th.tabIndex = 0;
      th.title = 'Sort by this column';
      th.setAttribute('data-column', column);
      (function (table, column, th) {
        th.addEventListener('click', function () { sort(table, column, th); });
        th.addEventListener('keydown', function (e) {
          if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(table, column, th); }
        });
      })(table, column, th);
      column += th.colSpan || 1;
    }
  }
})();
"#;
