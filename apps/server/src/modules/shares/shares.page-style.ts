/**
 * The shared page's stylesheet, inline in the page (the page loads nothing else, so it reads the
 * same with every other request blocked). Colours and type are the editor's reading view
 * (apps/web/src/styles.css, features/editor/editor.css); the print rules drop the page's chrome
 * and print links' addresses, so paper keeps what a click would have opened.
 */
export const SHARE_PAGE_CSS = `
:root{--cream:#fbf7ee;--cream-deep:#f3ecdd;--paper:#fffdf9;--line:#e6dfd1;--ink:#1f1b16;--ink-soft:#3d372f;--muted:#655d52;--accent:#5b4bc4;--accent-strong:#4a3ba8;--accent-soft:#eeebfb;
--sans:'Inter',ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;--serif:'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--paper);color:var(--ink);font-family:var(--sans);line-height:1.5}
a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.top{display:flex;align-items:center;justify-content:space-between;gap:1rem;max-width:48rem;margin:0 auto;padding:1rem 1.25rem;border-bottom:1px solid var(--line)}
.brand{font-family:var(--serif);font-size:1.25rem;font-weight:700;color:var(--ink);text-decoration:none}
.cta{display:inline-block;border-radius:.5rem;background:var(--accent);color:#fff;padding:.5rem .9rem;font-size:.875rem;font-weight:600;text-decoration:none}
.cta:hover{background:var(--accent-strong)}
main{max-width:48rem;margin:0 auto;padding:2rem 1.25rem 3rem}
.doc-title{font-family:var(--serif);font-size:2.25rem;line-height:1.2;margin:0 0 .5rem}
.byline{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:0 0 2rem;color:var(--muted);font-size:.875rem}
.copy{margin-left:auto;border:1px solid var(--line);border-radius:.5rem;padding:.3rem .7rem;color:var(--ink);font-weight:600;text-decoration:none}
.copy:hover{background:var(--accent-soft)}
.badge{display:inline-block;border:1px solid var(--line);border-radius:999px;background:var(--accent-soft);color:var(--accent-strong);padding:.1rem .6rem;font-size:.75rem;font-weight:600}
.bree-prose{font-family:var(--serif);font-size:1.125rem;line-height:1.75;color:var(--ink);overflow-wrap:anywhere}
.bree-prose p{margin:0 0 .9em}
.bree-prose h1{font-size:2em;font-weight:700;margin:.8em 0 .4em;line-height:1.2}
.bree-prose h2{font-size:1.6em;font-weight:700;margin:.8em 0 .4em;line-height:1.25}
.bree-prose h3{font-size:1.35em;font-weight:600;margin:.8em 0 .4em}
.bree-prose h4{font-size:1.2em;font-weight:600;margin:.8em 0 .4em}
.bree-prose h5{font-size:1.05em;font-weight:600;margin:.8em 0 .4em}
.bree-prose h6{font-size:1em;font-weight:600;margin:.8em 0 .4em;text-transform:uppercase;letter-spacing:.04em}
.bree-prose ul{list-style:disc;padding-left:1.5em;margin:0 0 .9em}
.bree-prose ol{list-style:decimal;padding-left:1.5em;margin:0 0 .9em}
.bree-prose li>p{margin:.2em 0}
.bree-prose a{color:var(--accent);text-decoration:underline}
.bree-prose code{font-family:ui-monospace,monospace;font-size:.9em;background:var(--cream-deep);border-radius:4px;padding:.1em .3em}
.bree-prose blockquote{margin:0 0 .9em;padding-left:1em;border-left:3px solid var(--line);color:var(--muted);font-style:italic}
.bree-prose hr{border:none;border-top:1px solid var(--line);margin:1.6em 0}
.bree-prose pre{font-family:ui-monospace,monospace;font-size:.85em;line-height:1.55;background:var(--cream-deep);border-radius:6px;padding:.75em 1em;margin:0 0 .9em;overflow-x:auto;white-space:pre;max-width:100%}
.bree-prose pre code{background:none;padding:0;font-size:inherit;border-radius:0}
.bree-prose ul[data-type="taskList"]{list-style:none;padding-left:.25em}
.bree-prose li[data-type="taskItem"]{display:flex;align-items:flex-start;gap:.5em}
.bree-prose li[data-type="taskItem"]>label{flex:none;display:flex;align-items:center;height:1.75em;margin-top:.2em}
.bree-prose li[data-type="taskItem"]>label>input{width:1.05em;height:1.05em;accent-color:var(--accent);margin:0}
.bree-prose li[data-type="taskItem"]>div{flex:1;min-width:0}
.bree-prose li[data-type="taskItem"][data-checked="true"]>div>p{text-decoration:line-through;color:var(--muted)}
.bree-prose .bree-table{max-width:100%;overflow-x:auto;margin:0 0 .9em}
.bree-prose .bree-table:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.bree-prose table{border-collapse:collapse;min-width:100%;font-size:.95em;line-height:1.5}
.bree-prose th,.bree-prose td{border:1px solid var(--line);padding:.4em .7em;text-align:left;vertical-align:top;min-width:6em;overflow-wrap:normal}
.bree-prose th{background:var(--cream-deep);font-weight:600}
.bree-prose th>p,.bree-prose td>p{margin:0}
.bree-prose th>p+p,.bree-prose td>p+p{margin-top:.4em}
.site-nav{display:flex;gap:1rem;font-size:.9rem}
.site-nav a,.signin{color:var(--ink-soft);text-decoration:none}
.site-nav a:hover,.signin:hover{color:var(--ink);text-decoration:underline}
.actions{display:flex;align-items:center;gap:.75rem}
.signin{font-size:.875rem;font-weight:600}
@media (max-width:40rem){.top{flex-wrap:wrap}.site-nav{order:3;width:100%}}
.site-foot{background:var(--cream);border-top:1px solid var(--line);margin-top:2rem}
.site-foot .cols{max-width:48rem;margin:0 auto;padding:2rem 1.25rem;display:grid;gap:1.5rem;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));color:var(--muted);font-size:.875rem}
.site-foot p{margin:0 0 .35rem}
.col-title{font-weight:600;color:var(--ink)}
.site-foot ul{list-style:none;padding:0;margin:0}
.site-foot li{margin:.3rem 0}
.site-foot a{color:var(--muted)}
.site-foot a:hover{color:var(--ink)}
.page-foot{color:var(--muted);font-size:.875rem;margin:2rem 0 0;border-top:1px solid var(--line);padding-top:1rem}
.site-foot .page-foot{max-width:48rem;margin:0 auto;padding:1.25rem 1.25rem 0;border:none}
.cover{display:block;width:100%;max-height:20rem;object-fit:cover;border-radius:.5rem;margin:0 0 1rem;background:var(--cream-deep)}
.posts .byline{margin:.25rem 0 0}
.page-title{font-family:var(--serif);font-size:2.25rem;line-height:1.2;margin:0 0 .5rem}
.page-lead{margin:0 0 1.5rem;color:var(--ink-soft)}
.posts{list-style:none;padding:0;margin:0}
.posts li{padding:1.25rem 0;border-bottom:1px solid var(--line)}
.posts h2{font-family:var(--serif);font-size:1.5rem;line-height:1.3;margin:0 0 .25rem}
.posts h2 a{color:var(--ink);text-decoration:none}
.posts h2 a:hover{text-decoration:underline}
.posts p{margin:.5rem 0 0;color:var(--ink-soft)}
.posts time,.feed{color:var(--muted);font-size:.875rem}
.feed a{color:var(--accent)}
.unavailable{text-align:center;padding-top:4rem}
.unavailable h1{font-weight:400;margin:0 0 1.5rem}
.unavailable h1 .lead{display:block;font-family:var(--serif);font-size:1.75rem;font-weight:700;margin:0 0 .75rem}
.unavailable h1 .why{display:block;font-size:1rem;color:var(--ink-soft)}
.unavailable p{color:var(--ink-soft);margin:0 0 1.5rem}
@media print{
  @page{margin:2cm}
  body{background:#fff;color:#000}
  .top,.cta,.copy,.site-foot .cols{display:none}
  .site-foot{background:none;border:none;margin:0}
  main{max-width:none;padding:0}
  .doc-title{font-size:22pt}
  .bree-prose{font-size:12pt;line-height:1.5;color:#000}
  .bree-prose h1,.bree-prose h2,.bree-prose h3,.bree-prose h4,.bree-prose h5,.bree-prose h6{break-after:avoid;page-break-after:avoid}
  .bree-prose p,.bree-prose li{orphans:3;widows:3}
  .bree-prose a{color:#000}
  .bree-prose pre{white-space:pre-wrap;background:none;border:1px solid #000}
  .bree-prose .bree-table{overflow:visible}
  .bree-prose th,.bree-prose td{border-color:#000}
  .bree-prose th{background:none}
  .bree-prose a[href^="http"]::after{content:" (" attr(href) ")";font-size:.85em;word-break:break-all}
  .badge{border-color:#000;background:none;color:#000}
  .page-foot{border-top:1px solid #000;color:#000;padding:.5rem 0 0}
}
`;
